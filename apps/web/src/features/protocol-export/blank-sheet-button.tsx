import type { OfficialMatchDetail } from '@speedway/contracts';
import { Printer } from 'lucide-react';
import { scoresheetSourceOf } from '@speedway/rules';
import { Button } from '@/components/ui/button';
import { usePrint } from './use-print';

/** Whether a match can have a blank sheet: not started, both line-ups published. */
export function offersBlankSheet(match: OfficialMatchDetail): boolean {
  return match.status === 'upcoming' && match.lineups_ready;
}

/**
 * 'Skriv ut tomt protokoll' (issue 14): the paper sheet of an official match before it starts,
 * the line-ups in the programme and no results, printed by the browser (offline too).
 */
export function BlankSheetButton({ match }: { match: OfficialMatchDetail }) {
  const { printing, print } = usePrint();
  if (!offersBlankSheet(match)) return null;
  const source = () => scoresheetSourceOf({ ...match, date: match.start }, match.referee);
  return (
    <Button
      type="button"
      variant="outline"
      disabled={printing}
      onClick={() => print(source(), true)}
    >
      <Printer aria-hidden="true" />
      Skriv ut tomt protokoll
    </Button>
  );
}
