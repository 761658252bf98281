import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { User } from '@monitor/contract/users';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { hasRole, ROLE_SUBACCOUNT } from '@monitor/domain/accounts/roles';
import { useBrandMessage } from '../../../lib/brand-context';
import { AlertIcon } from '../../../components/ui/icons/alert-icon';
import { LockIcon } from '../../../components/ui/icons/lock-icon';
import { UserIcon } from '../../../components/ui/icons/user-icon';
import { useDefaultBillingAddress } from '../../../entities/billing/api/get-default-billing-address';
import { useUser } from '../api/get-user';
import { BillingAddressForm } from './billing-address-form';
import { ChangePasswordModal } from './change-password-modal';
import { SubAccountInfo } from './sub-account-info';
import { TemperaturePreference } from './temperature-preference';
import { UserDetailsForm } from './user-details-form';

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title}>
      <Stack gap={4} mb="md">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {children}
    </Card>
  );
}

function FormSkeleton({ rows }: { rows: number }) {
  return (
    <Stack gap="md" aria-hidden>
      {Array.from({ length: rows }, (_, index) => (
        <Stack key={index} gap={6}>
          <Skeleton height={12} width={120} radius="sm" />
          <Skeleton height={36} radius="md" />
        </Stack>
      ))}
    </Stack>
  );
}

/** Slot for the card on file in the Billing tab (composed by the account page). */
export type RenderCardOnFile = (user: User) => ReactNode;

function BillingAddressSection({ user }: { user: User }) {
  const fill = useBrandMessage();
  const { data, isPending, isError, refetch } = useDefaultBillingAddress(user.Id);
  return (
    <Section
      title="Default billing address"
      description="Used for your monitoring subscription and for sales tax."
    >
      {isPending ? (
        <FormSkeleton rows={5} />
      ) : isError ? (
        <Alert color="red" icon={<AlertIcon />} title={MESSAGES.loadBillingAddressFailed}>
          <Text size="sm">{fill('Please try again, or contact customer support at {phone}.')}</Text>
          <Button size="xs" variant="light" color="red" mt="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <BillingAddressForm address={data} user={user} />
      )}
    </Section>
  );
}

function ProfileTab({ user }: { user: User }) {
  const [isPasswordOpen, setIsPasswordOpen] = useState(false);
  const isSubAccount = hasRole(user.Roles, ROLE_SUBACCOUNT);
  return (
    <Stack gap="lg">
      {/* A sub-account edits its details in its own form (accounts-devices-billing §2, §6). */}
      {isSubAccount ? (
        <Section title="Sub-account">
          <SubAccountInfo user={user} />
        </Section>
      ) : (
        <Section title="Your details">
          <UserDetailsForm user={user} />
        </Section>
      )}
      <Section title="Preferences">
        <TemperaturePreference user={user} />
      </Section>
      <Section title="Sign-in and security">
        <Group justify="space-between" gap="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" radius="md">
              <LockIcon />
            </ThemeIcon>
            <Text size="sm" c="dimmed" maw={380}>
              Choose a password you do not use anywhere else.
            </Text>
          </Group>
          <Button variant="light" onClick={() => setIsPasswordOpen(true)}>
            Change password
          </Button>
        </Group>
        <ChangePasswordModal
          userId={user.Id}
          opened={isPasswordOpen}
          onClose={() => setIsPasswordOpen(false)}
        />
      </Section>
    </Stack>
  );
}

/**
 * The account page (accounts-devices-billing §2 "Account settings"); the card on file and the
 * notice under the heading (the convert flow's) are slots the route fills.
 */
export function AccountSettings({
  userId,
  renderCardOnFile,
  notice,
}: {
  userId: number;
  renderCardOnFile?: RenderCardOnFile;
  /** What the page puts under the heading (the convert flow's notice, composed by the route). */
  notice?: ReactNode;
}) {
  const fill = useBrandMessage();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'billing' ? 'billing' : 'profile';
  const { data: user, isPending, isError, refetch } = useUser(userId);

  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <UserIcon size={26} />
        </ThemeIcon>
        <Stack gap={0}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Account settings
          </Title>
          {user ? (
            <Text c="dimmed">
              {user.FirstName} {user.LastName} · {user.EmailAddress}
            </Text>
          ) : (
            <Skeleton height={16} width={220} mt={6} />
          )}
        </Stack>
      </Group>
      {notice}

      {isError ? (
        <Alert color="red" icon={<AlertIcon />} role="alert">
          <Text size="sm">{fill(MESSAGES.fetchUserFailed)}</Text>
          <Button size="xs" variant="light" color="red" mt="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Tabs
          value={tab}
          keepMounted={false}
          onChange={(next) =>
            setSearchParams(next === 'billing' ? { tab: 'billing' } : {}, { replace: true })
          }
        >
          <Tabs.List mb="lg">
            <Tabs.Tab value="profile">Profile</Tabs.Tab>
            <Tabs.Tab value="billing">Billing</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="profile">
            {isPending ? (
              <Card withBorder radius="lg" padding="lg">
                <FormSkeleton rows={3} />
              </Card>
            ) : (
              <ProfileTab user={user} />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="billing">
            {isPending ? (
              <Card withBorder radius="lg" padding="lg">
                <FormSkeleton rows={5} />
              </Card>
            ) : (
              <Stack gap="lg">
                <BillingAddressSection user={user} />
                {renderCardOnFile && !hasRole(user.Roles, ROLE_SUBACCOUNT) && (
                  <Section title="Card on file">{renderCardOnFile(user)}</Section>
                )}
              </Stack>
            )}
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
