import { canSaveProtocol, type MatchState } from '@speedway/rules';
import { Save } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * 'Spara protokoll'. Saving protocols comes in a later issue; for now the engine only decides
 * whether the button is enabled, and the reason is written beside it. On desktop the bar is always
 * fixed at the bottom; on phones only once the protocol can be saved, so that until then it never
 * covers the heat card's own button.
 */
export function SaveProtocolBar({ state }: { state: MatchState }) {
  const readiness = canSaveProtocol(state);
  const phoneFixed = readiness.ok;
  return (
    <>
      {/* Keeps the end of the page clear of the fixed bar. */}
      <div aria-hidden="true" className={cn('h-16', phoneFixed ? 'block' : 'hidden md:block')} />
      <div
        className={cn(
          'z-30 md:fixed md:inset-x-0 md:bottom-0 md:px-6 md:pb-4',
          phoneFixed && 'fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] px-3 pb-2',
        )}
      >
        <div className="mx-auto flex max-w-6xl items-center gap-3 rounded-xl border bg-card/95 p-2 pl-4 shadow-lg backdrop-blur">
          <p className="min-w-0 flex-1 truncate text-[13px] text-muted-foreground">
            {readiness.ok ? 'Alla heat är registrerade.' : readiness.reason}
          </p>
          <Button
            disabled={!readiness.ok}
            onClick={() => toast.info('Att spara protokollet kommer i nästa version av appen.')}
          >
            <Save aria-hidden="true" />
            Spara protokoll
          </Button>
        </div>
      </div>
    </>
  );
}
