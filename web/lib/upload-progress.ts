/**
 * Uploads with progress (a receipt): a module of its own, fetched by lib/api-client.ts on the first
 * such upload, so that a first load does not carry it.
 */

/**
 * Sends a form through XMLHttpRequest, the one browser API that reports how much of an upload has
 * gone, and answers as fetch would: a Response, or a TypeError when no answer came (network failure
 * or abort), so the caller treats both paths alike.
 */
export function sendWithUploadProgress(
  url: string,
  init: { method: string; headers: Record<string, string>; body: FormData; signal: AbortSignal },
  onProgress: (sent: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      const body = xhr.status === 204 || xhr.status === 205 ? null : xhr.responseText;
      resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers: { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? '' } }));
    };
    const fail = () => reject(new TypeError('The upload did not reach the server.'));
    xhr.onerror = fail;
    xhr.onabort = fail;
    if (init.signal.aborted) return fail();
    init.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body);
  });
}
