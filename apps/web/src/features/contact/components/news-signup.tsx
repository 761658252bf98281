import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { STORE_ACCOUNT_ENTRY_MESSAGES } from '@monitor/domain/shared/store-messages';
import { useErrorModal } from '../../../components/ui/error-modal';
import { useBrand } from '../../../lib/brand-context';
import { subscribeNews } from '../api/subscribe-news';
import { Form } from '../../../components/ui/form';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The news sign-up (store-and-public-site §3 "Interested customer", §7): an e-mail address for
 * the brand's news; 'An error occurred subscribing you for news.' in the 'Error!' alert when the
 * call fails (§8).
 */
export function NewsSignup() {
  const brand = useBrand();
  const showError = useErrorModal();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [isSubscribed, setIsSubscribed] = useState(false);

  async function subscribe() {
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setError('Enter a valid e-mail address.');
      return;
    }
    setIsSending(true);
    try {
      await subscribeNews({ EmailAddress: address, TenantId: brand.tenantId });
      setIsSubscribed(true);
    } catch {
      showError(STORE_ACCOUNT_ENTRY_MESSAGES.newsSignupFailed);
    } finally {
      setIsSending(false);
    }
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="news-signup-title">
      <Title order={2} id="news-signup-title" fz={{ base: 22, sm: 26 }}>
        News from {brand.name}
      </Title>
      {isSubscribed ? (
        <Text role="status">
          You are signed up: news and offers will come to {email.trim()}. Every message has a link
          to stop them.
        </Text>
      ) : (
        <>
          <Text c="dimmed">
            New sensors, seasonal tips for protecting an empty home and members-only offers, a few
            times a year.
          </Text>
          <Form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void subscribe();
            }}
          >
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                aria-label="E-mail address for news"
                placeholder="you@example.com"
                type="email"
                autoComplete="email"
                value={email}
                error={error}
                onChange={(event) => {
                  setEmail(event.currentTarget.value);
                  setError(null);
                }}
                style={{ flex: '1 1 240px' }}
              />
              <Button type="submit" loading={isSending}>
                Sign me up
              </Button>
            </Group>
          </Form>
        </>
      )}
    </Stack>
  );
}
