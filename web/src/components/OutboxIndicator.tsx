import { CloudOff } from 'lucide-react';
import { useOutbox } from '../journal/outbox/outbox-context.tsx';

/** docs/product.md: the header's count of entries kept on this device, while there are any. */
export const waitingText = (count: number) => `${count} waiting to sync`;

/** Opens Look Back, where the waiting entries are listed (and refused ones can be fixed). */
export function OutboxIndicator({ onOpen }: { onOpen: () => void }) {
  const { records } = useOutbox();
  if (records.length === 0) return null;
  return (
    <button
      type="button"
      onClick={onOpen}
      className="ml-auto flex min-h-10 items-center gap-1.5 rounded-full bg-amber-100 px-3 text-sm font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-50"
    >
      <CloudOff aria-hidden="true" className="size-4" />
      {waitingText(records.length)}
    </button>
  );
}
