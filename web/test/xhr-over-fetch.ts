/**
 * XMLHttpRequest for component tests, carried by `fetch`: uploads that report progress go through
 * XMLHttpRequest (web/lib/api-client.ts), and this sends them to whatever stubs `fetch` in the test,
 * so one stub answers both paths. It reports the upload in two steps (half, then all) before the answer.
 */
type Listener = ((event: ProgressEvent) => void) | null;

export class XhrOverFetch {
  status = 0;
  statusText = '';
  responseText = '';
  readonly upload: { onprogress: Listener } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private readonly headers = new Headers();
  private responseHeaders = new Headers();
  private aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders.get(name);
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  send(body: FormData) {
    void (async () => {
      for (const loaded of [50, 100]) this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 } as ProgressEvent);
      try {
        const response = await fetch(this.url, { method: this.method, headers: this.headers, body });
        if (this.aborted) return;
        this.status = response.status;
        this.statusText = response.statusText;
        this.responseHeaders = response.headers;
        this.responseText = await response.text();
        this.onload?.();
      } catch {
        if (!this.aborted) this.onerror?.();
      }
    })();
  }
}
