import type { RiderIdentity } from '@speedway/contracts';
import { Merge } from 'lucide-react';
import { useId, useState } from 'react';
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
import { errorMessage } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useRiderIdentities } from '../api/get-rider-identities';
import { useMergeRiders } from '../api/merge-riders';
import { entriesLabel } from '../lib/identities';
import { IdentitySearch, SEARCH_DELAY_MS } from './identity-search';

type MergeRidersDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The identity the dialog was opened on: it disappears into the one picked. */
  identity: RiderIdentity;
  /** The screen's list, offered before anything is searched for. */
  others: RiderIdentity[];
};

/**
 * 'Slå ihop med…': the super_admin picks the identity that is the same person and is kept; the one
 * the dialog was opened on disappears and its entries move over (POST …/merge). A refusal (409:
 * the two ride in one match) is shown here in the server's words, and another can be picked.
 */
export function MergeRidersDialog({
  open,
  onOpenChange,
  identity,
  others,
}: MergeRidersDialogProps) {
  const merge = useMergeRiders();
  const close = () => {
    merge.reset();
    onOpenChange(false);
  };
  return (
    // While the call is running the dialog stays, so its outcome is seen where it was asked for.
    <Dialog open={open} onOpenChange={(next) => (next || merge.isPending ? null : close())}>
      {open ? (
        <DialogContent sheet>
          <MergeForm identity={identity} others={others} merge={merge} onDone={close} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** The dialog's content: mounted with each opening, so a new opening starts afresh. */
function MergeForm({
  identity,
  others,
  merge,
  onDone,
}: Pick<MergeRidersDialogProps, 'identity' | 'others'> & {
  merge: ReturnType<typeof useMergeRiders>;
  onDone: () => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const found = useRiderIdentities(q, { enabled: q !== '' });
  const [kept, setKept] = useState<RiderIdentity | null>(null);
  const offered = (q === '' ? others : (found.data ?? [])).filter((o) => o.id !== identity.id);
  const pending = merge.isPending;

  const pick = (other: RiderIdentity) => {
    merge.reset();
    setKept(other);
  };
  const confirm = () => {
    if (!kept || pending) return;
    merge.mutate(
      { id: identity.id, into: kept.id },
      {
        onSuccess: (result) => {
          toast.success(`${identity.name} är ihopslagen med ${result.name}.`);
          onDone();
        },
      },
    );
  };

  let choices: React.ReactNode;
  if (q !== '' && found.data === undefined) {
    choices = found.isError ? (
      <p role="alert" className="text-sm font-medium text-destructive">
        {errorMessage(found.error, 'Kunde inte söka bland förarna.')}
      </p>
    ) : (
      <p className="text-sm text-muted-foreground">Söker…</p>
    );
  } else if (offered.length === 0) {
    choices = (
      <p className="text-sm text-muted-foreground">
        {q ? 'Inga förare matchar sökningen.' : 'Sök efter föraren att slå ihop med.'}
      </p>
    );
  } else {
    choices = (
      <ul className="grid gap-2" aria-busy={(q !== '' && found.isFetching) || undefined}>
        {offered.map((other) => (
          <li key={other.id}>
            {/* Named by the rider, his entries as the description: two riders often share a name. */}
            <label className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50">
              <input
                type="radio"
                name={`${id}-kept`}
                value={other.id}
                checked={kept?.id === other.id}
                onChange={() => pick(other)}
                aria-labelledby={`${id}-${other.id}-name`}
                aria-describedby={`${id}-${other.id}-entries`}
                className="mt-0.5 size-5 shrink-0 accent-primary outline-none"
              />
              <span className="grid min-w-0 gap-0.5">
                <span id={`${id}-${other.id}-name`} className="font-medium break-words">
                  {other.name}
                </span>
                <span
                  id={`${id}-${other.id}-entries`}
                  className="text-[13px] break-words text-muted-foreground"
                >
                  {entriesLabel(other)}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle className="break-words">Slå ihop {identity.name} med…</DialogTitle>
        <DialogDescription>
          Välj föraren som är samma person. Den behålls; {identity.name} försvinner och alla poster
          flyttas över.
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="grid content-start gap-4">
        <IdentitySearch
          id={`${id}-search`}
          label="Sök föraren som behålls"
          value={text}
          onChange={setText}
        />
        <fieldset disabled={pending} className="grid min-w-0 gap-2">
          <legend className="mb-2 text-sm font-semibold">
            {q ? 'Sökträffar' : 'Förare i listan'}
          </legend>
          {choices}
        </fieldset>
      </DialogBody>
      <DialogFooter>
        {/* In place before a choice, so that a screen reader hears what the merge will do. */}
        <p role="status" className="text-sm break-words empty:hidden">
          {kept ? (
            <>
              <strong>{identity.name}</strong> ({entriesLabel(identity)}) försvinner. Posterna
              flyttas till <strong>{kept.name}</strong> ({entriesLabel(kept)}), som behålls.
            </>
          ) : null}
        </p>
        {merge.isError ? (
          <p role="alert" className="text-sm font-medium break-words text-destructive">
            {errorMessage(merge.error, 'Kunde inte slå ihop förarna. Försök igen.')}
          </p>
        ) : null}
        {/* Side by side on a phone too: the footer holds more than buttons, and the choices
            above need the height. */}
        <div className="grid grid-cols-2 gap-2">
          <Button variant="outline" disabled={pending} onClick={onDone}>
            Avbryt
          </Button>
          <Button disabled={!kept || pending} onClick={confirm}>
            {pending ? <Spinner label="Slår ihop…" /> : <Merge aria-hidden="true" />}
            Slå ihop
          </Button>
        </div>
      </DialogFooter>
    </>
  );
}
