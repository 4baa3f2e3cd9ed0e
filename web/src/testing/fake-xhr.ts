import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest (jsdom's would go to the network): it records each request and lets the test
 * report upload progress and answer when it likes.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];

  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body = new FormData();
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  reply(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }

  failNetwork() {
    this.onerror?.();
  }
}

/** Replaces XMLHttpRequest until the test ends (setup.ts unstubs globals after each test). */
export function installFakeXhr() {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return {
    /** The requests sent so far, oldest first. */
    sent: () => FakeXhr.sent,
    /** The latest request, once it has been sent. */
    async next(): Promise<FakeXhr> {
      await vi.waitFor(() => {
        if (FakeXhr.sent.length === 0) throw new Error('nothing sent yet');
      });
      return FakeXhr.sent.at(-1) as FakeXhr;
    },
  };
}
