import type { LucideIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { serverMessageOr } from '@/lib/api-client';
import { useOnline } from '@/lib/offline/use-outbox';
import { useDownloadFile, type ApiFile } from './api/download-file';

/**
 * One file from the server ('Ladda ner PDF', 'Exportera CSV', …): online only; a failure is a
 * toast with `failed` as its title and the server's reason.
 */
export function DownloadButton({
  file,
  label,
  failed,
  icon: Icon,
  size,
  describedBy,
}: {
  file: ApiFile;
  label: string;
  failed: string;
  icon: LucideIcon;
  size?: 'sm';
  /** What says, while offline, why the button is disabled. */
  describedBy?: string;
}) {
  const online = useOnline();
  const download = useDownloadFile();
  const onClick = () =>
    download.mutate(file, {
      onError: (error) =>
        toast.error(failed, { description: serverMessageOr(error, 'Försök igen.') }),
    });
  return (
    <Button
      type="button"
      variant="outline"
      size={size}
      disabled={!online || download.isPending}
      aria-busy={download.isPending}
      aria-describedby={online ? undefined : describedBy}
      onClick={onClick}
    >
      <Icon aria-hidden="true" />
      {label}
    </Button>
  );
}
