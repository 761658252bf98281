import { useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { STAFF_SEARCH_MAX_PAGE, type StaffSearchUser } from '@monitor/contract/staff';
import { ChevronLeftIcon } from '../../../components/ui/icons/chevron-left-icon';
import { ChevronRightIcon } from '../../../components/ui/icons/chevron-right-icon';
import { errorMessageFor } from '../../../lib/api-client';
import { useSearchUsers } from '../api/search-users';
import { Form } from '../../../components/ui/form';

const MIN_SEARCH_LENGTH = 3;

type ImpersonateProps = {
  /** Acts as the user in one click (the route page wires the impersonation). */
  onImpersonate: (userId: number) => void;
  /** The user whose impersonation is starting, if any. */
  pendingUserId: number | null;
};

function FoundUser({
  user,
  onImpersonate,
  pendingUserId,
}: { user: StaffSearchUser } & ImpersonateProps) {
  const hiddenUnits = user.DeviceCount - user.Devices.length;
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Group gap="xs">
            <Text fw={600}>{user.FullName || user.EmailAddress}</Text>
            {user.IsSubAccount && (
              <Badge variant="light" color="gray">
                Sub-account
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {user.EmailAddress}
          </Text>
          <Text size="sm" c="dimmed">
            User id {user.Id} · tenant {user.TenantId}
          </Text>
          {user.Devices.length === 0 ? (
            <Text size="sm" c="dimmed">
              No units
            </Text>
          ) : (
            <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
              {user.Devices.map((device) => (
                <Text component="li" key={device.DeviceId} size="sm" ff="monospace">
                  {device.SerialNumber} · {device.DeviceId}
                  {device.Name && <Text span ff="inherit" c="dimmed">{` · ${device.Name}`}</Text>}
                </Text>
              ))}
              {hiddenUnits > 0 && (
                <Text component="li" size="sm" c="dimmed">
                  and {hiddenUnits} more
                </Text>
              )}
            </Stack>
          )}
        </Stack>
        <Button
          onClick={() => onImpersonate(user.Id)}
          loading={pendingUserId === user.Id}
          disabled={pendingUserId !== null && pendingUserId !== user.Id}
          aria-label={`Impersonate ${user.EmailAddress}`}
        >
          Impersonate
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * Staff find a customer by part of an e-mail address, a serial number or an IMEI and act as
 * them in one click (decision 023); the server answers a page of 20 at a time.
 */
export function StaffUserSearch({ onImpersonate, pendingUserId }: ImpersonateProps) {
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const result = useSearchUsers({ search: submitted, page });
  const answer = result.data;
  // The server serves the first pages only: a search that broad should be narrowed.
  const pageCount = answer
    ? Math.min(STAFF_SEARCH_MAX_PAGE, Math.max(1, Math.ceil(answer.Total / answer.PageSize)))
    : 1;

  function submit(event: FormEvent) {
    event.preventDefault();
    const search = text.trim();
    if (search.length < MIN_SEARCH_LENGTH) {
      setInputError(`Enter at least ${MIN_SEARCH_LENGTH} characters.`);
      return;
    }
    setInputError(null);
    setSubmitted(search);
    setPage(1);
  }

  return (
    <Stack gap="md" component="section" aria-labelledby="staff-user-search">
      <Title order={2} size="h3" id="staff-user-search">
        Find a customer
      </Title>
      <Form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="sm">
          <TextInput
            label="E-mail, serial number or IMEI"
            description="Any part of it, at least 3 characters"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={inputError}
            maxLength={100}
            style={{ flex: '1 1 18rem' }}
            maw={480}
          />
          <Button type="submit" mt={{ base: 0, xs: 44 }} loading={result.isFetching}>
            Search
          </Button>
        </Group>
      </Form>
      <Text size="sm" aria-live="polite" mih={20}>
        {answer &&
          (answer.Total === 0
            ? 'No customer matches this search.'
            : `${answer.Total} ${answer.Total === 1 ? 'customer' : 'customers'} found${
                pageCount > 1 ? `, page ${answer.Page} of ${pageCount}` : ''
              }.`)}
      </Text>
      {result.error && (
        <Alert color="red" title="The search failed">
          {errorMessageFor(result.error, 'The server could not search. Try again.')}
        </Alert>
      )}
      {result.isPending && submitted !== null ? (
        <Stack gap="xs" aria-hidden>
          <Skeleton height={96} />
          <Skeleton height={96} />
        </Stack>
      ) : (
        answer &&
        answer.Users.length > 0 && (
          <Stack
            component="ul"
            gap="sm"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Customers found"
          >
            {answer.Users.map((user) => (
              <FoundUser
                key={user.Id}
                user={user}
                onImpersonate={onImpersonate}
                pendingUserId={pendingUserId}
              />
            ))}
          </Stack>
        )
      )}
      {answer && pageCount > 1 && (
        <Group gap="xs" justify="center">
          <Button
            variant="default"
            leftSection={<ChevronLeftIcon size={16} />}
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Previous page
          </Button>
          <Button
            variant="default"
            rightSection={<ChevronRightIcon size={16} />}
            disabled={page >= pageCount}
            onClick={() => setPage(page + 1)}
          >
            Next page
          </Button>
        </Group>
      )}
    </Stack>
  );
}
