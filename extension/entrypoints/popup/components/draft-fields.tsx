import { useShallow } from 'zustand/react/shallow';
import { Input, Textarea } from '@ext/components/ui';
import { useSubmitFlow } from '@ext/stores/submit-flow';

/** The page the feedback is about, as the tab reports it. */
export function PageCard() {
  const { host, url } = useSubmitFlow(
    useShallow((s) => ({ host: s.draft?.host, url: s.draft?.url })),
  );
  return (
    <div className="min-w-0 rounded-lg border border-line bg-white px-3 py-2">
      <p className="truncate text-sm font-semibold" data-testid="page-host">
        {host || 'This page'}
      </p>
      <p
        className="truncate text-xs text-ink-muted"
        data-testid="page-url"
        title={url}
      >
        {url}
      </p>
    </div>
  );
}

export function CompanyField() {
  const value = useSubmitFlow((s) => s.draft?.companyName ?? '');
  const update = useSubmitFlow((s) => s.update);
  return (
    <Input
      label="Company"
      value={value}
      placeholder="Company name"
      onChange={(e) => update({ companyName: e.target.value })}
    />
  );
}

/** The feedback itself, and the optional title taken from its first sentence. */
export function TextFields() {
  const { text, title } = useSubmitFlow(
    useShallow((s) => ({ text: s.draft?.text, title: s.draft?.title })),
  );
  const update = useSubmitFlow((s) => s.update);
  return (
    <>
      <Textarea
        label="Your feedback"
        rows={3}
        value={text}
        placeholder="What happened, or what would make this better?"
        onChange={(e) => update({ text: e.target.value })}
        // The popup opens on a click whose only purpose is to type this: focus
        // goes in, as a dialog's does (WAI-ARIA dialog pattern).
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
      />
      <Input
        label="Title (optional: the first sentence is used)"
        value={title}
        maxLength={200}
        onChange={(e) => update({ title: e.target.value })}
      />
    </>
  );
}
