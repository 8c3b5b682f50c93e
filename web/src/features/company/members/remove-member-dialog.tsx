import type { CompanyMember } from '@shared/data/members';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';

/** "Remove … from the company?" (or "Leave the company?" for oneself). */
export function RemoveMemberDialog({
  member,
  onCancel,
  onConfirm,
}: {
  member: CompanyMember | null;
  onCancel: () => void;
  onConfirm: (member: CompanyMember) => void;
}) {
  const self = member?.is_you ?? false;
  return (
    <Dialog
      open={member !== null}
      onClose={onCancel}
      title={self ? 'Leave the company?' : 'Remove this member?'}
      width="max-w-md"
    >
      {member !== null && (
        <>
          <p className="mt-3 text-sm break-words text-ink-muted">
            {self
              ? 'You lose access to the company’s feedback and settings at once. Only a new invitation brings you back.'
              : `${member.email} loses access to the company’s feedback and settings at once. Their seat is free again.`}
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => onConfirm(member)}>
              {self ? 'Leave company' : 'Remove member'}
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
