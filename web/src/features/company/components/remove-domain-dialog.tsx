import { removeVerifiedDomainText } from '@shared/domain/domains';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';

/** "Remove a verified domain?": what it hides and the grace period. */
export function RemoveDomainDialog({
  domain,
  onCancel,
  onConfirm,
}: {
  domain: string | null;
  onCancel: () => void;
  onConfirm: (domain: string) => void;
}) {
  return (
    <Dialog
      open={domain !== null}
      onClose={onCancel}
      title="Remove a verified domain?"
      width="max-w-md"
    >
      {domain !== null && (
        <>
          <p className="mt-3 text-sm text-ink-muted">
            {removeVerifiedDomainText(domain)}
          </p>
          <p className="mt-2 text-sm text-ink-muted">
            The change is saved with Save changes.
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onCancel}>
              Keep it
            </Button>
            <Button variant="danger" onClick={() => onConfirm(domain)}>
              Remove domain
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
