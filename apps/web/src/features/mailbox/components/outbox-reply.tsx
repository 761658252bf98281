import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { OutboxMessage } from '../api/get-outbox';
import { useSendOutboxReplyMutation } from '../api/send-outbox-reply';
import { Form } from '../../../components/ui/form';

function Answer({ label, text }: { label: string; text: string }) {
  return (
    <Alert color="teal" variant="light" title={label}>
      {text}
    </Alert>
  );
}

/** The recipient's text back: what Twilio would bring to the server when they reply. */
function TextReply({ message }: { message: OutboxMessage }) {
  const [body, setBody] = useState('');
  const reply = useSendOutboxReplyMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reply.mutate({ Channel: 'sms', From: message.Recipient, Body: body });
  };
  return (
    <Stack gap="xs">
      <Form onSubmit={submit}>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label="Reply"
            description={`As ${message.Recipient} would answer this text (ACK acknowledges an alarm).`}
            placeholder="ACK"
            maxLength={1600}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default" loading={reply.isPending}>
            Send reply
          </Button>
        </Group>
      </Form>
      {reply.isError && (
        <Text size="sm" c="red" role="alert">
          {reply.error.message}
        </Text>
      )}
      {reply.data && <Answer label="Texted back" text={reply.data.Reply} />}
    </Stack>
  );
}

/** The callee's key: what Twilio would post to the call's acknowledge URL. */
function CallKeypress({ message }: { message: OutboxMessage }) {
  const press = useSendOutboxReplyMutation();
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        variant="default"
        loading={press.isPending}
        onClick={() => press.mutate({ Channel: 'voice', MessageId: message.Id, Digits: '1' })}
      >
        Press 1
      </Button>
      {press.isError && (
        <Text size="sm" c="red" role="alert">
          {press.error.message}
        </Text>
      )}
      {press.data && <Answer label="The call says" text={press.data.Reply} />}
    </Stack>
  );
}

/**
 * How the recipient answers a text or an alarm call of the local outbox (issue #23): a "Reply"
 * box for a text, "Press 1" for a call that asks for it. Nothing for e-mail.
 */
export function OutboxReply({ message }: { message: OutboxMessage }) {
  if (message.Channel === 'sms') return <TextReply message={message} />;
  if (message.Channel === 'voice' && message.OffersKeypress)
    return <CallKeypress message={message} />;
  return null;
}
