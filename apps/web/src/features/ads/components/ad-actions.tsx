import { AD_CHANGED_MESSAGE, type Ad, type Role } from '@speedway/contracts';
import { Check, Pause, Pencil, Play, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Tooltip } from '@/components/ui/tooltip';
import { serverMessageOr } from '@/lib/api-client';
import { isAdChanged, useModerateAd, type AdAction } from '../api/moderate-ad';
import { ACTION_LABELS, actionsFor } from '../lib/ad-labels';

const ICONS: Record<AdAction, React.ComponentType<{ 'aria-hidden'?: boolean }>> = {
  approve: Check,
  reject: X,
  pause: Pause,
  activate: Play,
  delete: Trash2,
};

// In the wide table the actions are icons with their names as tooltips (and accessible names);
// on a phone's card they are written out.
const compact = 'md:w-9 md:px-0';

/**
 * Edit for every admin; a super_admin's moderation per the ad's state
 * (docs/spec/2-matches-protocols-admin.md §2).
 */
export function AdActions({ ad, role }: { ad: Ad; role: Role }) {
  const moderate = useModerateAd();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // Set when an approval was refused because the ad changed after this list showed it: the row
  // (fetched again) now shows the new content, and says so until the next action succeeds.
  const [changedNotice, setChangedNotice] = useState<string | null>(null);
  const running = moderate.isPending ? moderate.variables.action : null;

  const run = (action: AdAction) =>
    moderate.mutate(
      { ad, action },
      {
        onSuccess: () => {
          setConfirmingDelete(false);
          setChangedNotice(null);
          toast.success('Uppdaterat');
        },
        onError: (error) => {
          if (!isAdChanged(error)) return void toast.error('Åtgärd misslyckades');
          const message = serverMessageOr(error, AD_CHANGED_MESSAGE);
          setChangedNotice(message);
          toast.error('Annonsen har ändrats', { description: message });
        },
      },
    );

  return (
    <div className="flex flex-wrap gap-1.5 md:flex-nowrap">
      <Tooltip content="Redigera">
        <Button asChild variant="outline" size="sm" className={compact}>
          <Link to={`/admin/ads/${ad.id}/edit`} aria-label={`Redigera ${ad.title}`}>
            <Pencil aria-hidden="true" />
            <span className="md:sr-only">Redigera</span>
          </Link>
        </Button>
      </Tooltip>
      {actionsFor(ad, role).map((action) => {
        const Icon = ICONS[action];
        return (
          <Tooltip key={action} content={ACTION_LABELS[action]}>
            <Button
              size="sm"
              variant={action === 'delete' ? 'destructive' : 'outline'}
              className={compact}
              disabled={moderate.isPending}
              aria-label={`${ACTION_LABELS[action]} ${ad.title}`}
              onClick={() => (action === 'delete' ? setConfirmingDelete(true) : run(action))}
            >
              {running === action ? <Spinner /> : <Icon aria-hidden />}
              <span className="md:sr-only">{ACTION_LABELS[action]}</span>
            </Button>
          </Tooltip>
        );
      })}
      {changedNotice ? (
        <p role="alert" className="basis-full text-xs font-medium text-destructive md:max-w-56">
          {changedNotice}
        </p>
      ) : null}
      <Dialog
        open={confirmingDelete}
        onOpenChange={(open) => (moderate.isPending ? undefined : setConfirmingDelete(open))}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Ta bort annonsen?</DialogTitle>
            <DialogDescription>
              Annonsen och dess statistik tas bort. Det går inte att ångra.
            </DialogDescription>
          </DialogHeader>
          <DialogBody>
            <p className="font-semibold break-words">{ad.title}</p>
          </DialogBody>
          <DialogFooter className="sm:grid-cols-2">
            <Button
              variant="outline"
              disabled={moderate.isPending}
              onClick={() => setConfirmingDelete(false)}
            >
              Avbryt
            </Button>
            <Button
              variant="destructive"
              disabled={moderate.isPending}
              onClick={() => run('delete')}
            >
              {running === 'delete' ? <Spinner /> : <Trash2 aria-hidden="true" />}
              Ta bort
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
