import { statusInfo, type StatusColor } from '@shared/domain/statuses';
import { Badge } from '@web/components/ui/badge';

/** Badge classes of the spec's status colours (feedback and referrals). */
export const STATUS_COLOR_CLASSES: Readonly<Record<StatusColor, string>> = {
  yellow: 'bg-yellow-100 text-yellow-800',
  purple: 'bg-purple-100 text-purple-800',
  blue: 'bg-blue-100 text-blue-800',
  green: 'bg-green-100 text-green-800',
  red: 'bg-red-100 text-red-800',
  grey: 'bg-gray-100 text-gray-700',
};

/** A feedback status in the spec's colours (consumer spec §4). */
export function StatusBadge({ status }: { status: string }) {
  const info = statusInfo(status);
  return (
    <Badge className={STATUS_COLOR_CLASSES[info.color]} data-status={status}>
      {info.label}
    </Badge>
  );
}
