import type {
  ButtonHTMLAttributes,
  InputHTMLAttributes,
  ReactNode,
  TextareaHTMLAttributes,
} from 'react';

/** Button in the web app's house style. */
export function Button({
  variant = 'primary',
  className = '',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'outline' | 'ghost';
}) {
  const styles = {
    primary:
      'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-200 disabled:text-white',
    outline:
      'border border-line bg-white text-ink hover:bg-brand-50 disabled:opacity-50',
    ghost: 'text-brand-700 hover:bg-brand-50 disabled:opacity-50',
  }[variant];
  return (
    <button
      type="button"
      className={`inline-flex items-center justify-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed ${styles} ${className}`}
      {...props}
    />
  );
}

const inputClass =
  'w-full rounded-lg border border-line bg-white px-3 py-2 text-sm text-ink placeholder:text-ink-muted/70 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200';

/** A labelled text input. */
export function Input({
  label,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  return (
    <label className="flex flex-col gap-1">
      <span className="text-xs font-medium text-ink-muted">{label}</span>
      <input className={inputClass} {...props} />
    </label>
  );
}

/** A labelled text area. */
export function Textarea({
  label,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string }) {
  return (
    <label className="flex flex-col gap-1">
      <span className="text-xs font-medium text-ink-muted">{label}</span>
      <textarea className={`${inputClass} resize-y`} {...props} />
    </label>
  );
}

/** A message box: red for failures, neutral for notices. */
export function Notice({
  tone = 'info',
  title,
  children,
}: {
  tone?: 'info' | 'error';
  title?: string;
  children?: ReactNode;
}) {
  const styles =
    tone === 'error'
      ? 'border-red-200 bg-red-50 text-red-800'
      : 'border-line bg-white text-ink-muted';
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-3 py-2 text-xs ${styles}`}
    >
      {title && <p className="font-semibold">{title}</p>}
      {children}
    </div>
  );
}

/** The Peega mark and name. */
export function Brand() {
  return (
    <span className="flex items-center gap-2 font-semibold text-ink">
      <img src="/icon/32.png" alt="" width={20} height={20} />
      Peega
    </span>
  );
}
