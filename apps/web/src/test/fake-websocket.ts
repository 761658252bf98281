import { vi } from 'vitest';

/**
 * A stand-in for the browser WebSocket that records what was opened and lets a test push messages.
 * The per-unit reading channels (`/live?imei=`) are in `instances`, the per-user alarm channels
 * (`/live/alarms`, one per device page) in `alarmSockets`, so a test of one does not count the other.
 */
export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  static alarmSockets: FakeWebSocket[] = [];
  readonly url: string;
  readonly protocols: string[];
  isClosed = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;

  constructor(url: string, protocols: string[] = []) {
    this.url = url;
    this.protocols = protocols;
    const isAlarmChannel = new URL(url).pathname === '/live/alarms';
    (isAlarmChannel ? FakeWebSocket.alarmSockets : FakeWebSocket.instances).push(this);
  }

  close() {
    this.isClosed = true;
  }

  /** The server accepted the upgrade. */
  open() {
    this.onopen?.(new Event('open'));
  }

  /** The server sent a message (JSON-encoded here). */
  send(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  /** The channel failed. */
  fail() {
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }

  /** The server closed the channel with `code` (4401: the session behind the token ended). */
  closeWith(code: number) {
    this.onclose?.(new CloseEvent('close', { code }));
  }

  /** Sockets still open. */
  static open() {
    return FakeWebSocket.instances.filter((socket) => !socket.isClosed);
  }
}

/** Replaces the global WebSocket for one test. */
export function installFakeWebSocket() {
  FakeWebSocket.instances = [];
  FakeWebSocket.alarmSockets = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  return FakeWebSocket;
}
