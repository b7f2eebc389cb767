/** The server's error body (ARCHITECTURE "API conventions"). */
export interface ServerErrorBody {
  message?: string;
  errors?: Record<string, string[] | string>;
  /** What a refusal reports beside its message (a roster import's rows in error). */
  data?: unknown;
}

/** What the console keeps in `HttpError.body`: react-admin's shape, one message per field. */
export interface ConsoleErrorBody {
  message?: string;
  errors?: Record<string, string>;
  data?: unknown;
}

/** Keeps the first message of each field so react-admin can show it under the input. */
export function firstFieldErrors(errors: ServerErrorBody['errors']): Record<string, string> | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const entries = Object.entries(errors)
    .map(([field, messages]) => [field, Array.isArray(messages) ? messages[0] : messages] as const)
    .filter((entry): entry is readonly [string, string] => typeof entry[1] === 'string' && entry[1] !== '');
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/**
 * SPEC section 5: a failure shows the first field error, else the server message, else
 * the fallback (a catalog key; notifications translate keys and pass plain text through).
 */
export function failureMessage(body: unknown, fallback = 'errors.generic'): string {
  if (body && typeof body === 'object') {
    const { errors, message } = body as ConsoleErrorBody & ServerErrorBody;
    const first = firstFieldErrors(errors);
    const firstMessage = first ? Object.values(first)[0] : undefined;
    if (firstMessage) return firstMessage;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}

/** The message to show for any thrown value, with the same precedence as `failureMessage`. */
export function errorMessage(error: unknown, fallback = 'errors.generic'): string {
  if (error && typeof error === 'object' && 'body' in error) {
    const fromBody = failureMessage((error as { body: unknown }).body, '');
    if (fromBody) return fromBody;
    // Status 0: the request never got an answer (timeout, offline); say so rather than guess.
    const { status, message } = error as { status?: number; message?: string };
    if (status === 0 && message) return message;
  }
  return fallback;
}

/** The link that opens an exam in Safe Exam Browser, when the server refused a request for want of it. */
export function sebLaunchOf(error: unknown): string | null {
  const body = error && typeof error === 'object' && 'body' in error ? (error as { body: unknown }).body : null;
  const data = body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : null;
  const seb =
    data && typeof data === 'object'
      ? (data as { safe_exam_browser?: { launch_url?: unknown } }).safe_exam_browser
      : null;
  const url = seb?.launch_url;
  return typeof url === 'string' && /^sebs?:\/\//.test(url) ? url : null;
}

/** The HTTP status of a failed call (react-admin's `HttpError.status`), if it has one. */
export function statusOf(error: unknown): number | undefined {
  return error && typeof error === 'object' && 'status' in error
    ? Number((error as { status: unknown }).status)
    : undefined;
}

/** The server's own message of an error (`{message}`), if it sent one. */
export function serverMessageOf(error: unknown): string | null {
  const body =
    error && typeof error === 'object' && 'body' in error
      ? (error as { body?: { message?: unknown } }).body
      : undefined;
  return typeof body?.message === 'string' && body.message.trim() !== '' ? body.message : null;
}

/** The first message of each field the server refused (`{errors: {field: ...}}`), none when it named none. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const body = error && typeof error === 'object' && 'body' in error ? (error as { body: unknown }).body : null;
  const errors = body && typeof body === 'object' ? (body as ConsoleErrorBody).errors : undefined;
  return firstFieldErrors(errors) ?? {};
}
