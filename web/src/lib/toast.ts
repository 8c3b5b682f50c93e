import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Sonner = typeof sonnerToast;
type Message = Parameters<Sonner['success']>[0];
type Id = string | number;

let sonner: Sonner | undefined;
const waiting: ((s: Sonner) => void)[] = [];
let count = 0;
/** The result toast on screen (success, info, message), if any. */
let lastResult: Id | undefined;

/**
 * Called by the toaster (app/toaster.tsx) once it listens: sonner loads
 * after the first paint, not with every data screen (9 KB gzipped), and the
 * toasts asked for until then show now, in order.
 */
export function toasterReady(s: Sonner): void {
  sonner = s;
  for (const call of waiting.splice(0)) call(s);
}

function run(call: (s: Sonner) => void) {
  if (sonner) call(sonner);
  else waiting.push(call);
}

const kind =
  (name: 'message' | 'success' | 'error' | 'info' | 'warning') =>
  (message: Message, options?: ExternalToast): Id => {
    // Known at once, so a caller can dismiss a toast sonner has not shown yet.
    const id = options?.id ?? `toast-${++count}`;
    // One result at a time: a new action's confirmation replaces the last
    // one, so the stack never reads as two actions ("Split… // Renamed").
    // Errors and warnings stay until read; a caller-chosen id is its own.
    if (name !== 'error' && name !== 'warning' && !options?.id) {
      const previous = lastResult;
      if (previous !== undefined) run((s) => void s.dismiss(previous));
      lastResult = id;
    }
    run((s) => s[name](message, { ...options, id }));
    return id;
  };

/** sonner's `toast` (the parts the app uses), callable before sonner loads. */
export const toast = Object.assign(kind('message'), {
  success: kind('success'),
  error: kind('error'),
  info: kind('info'),
  warning: kind('warning'),
  dismiss: (id?: Id): void => run((s) => void s.dismiss(id)),
});
