import type { OfficialMatchDetail } from '@speedway/contracts';
import { Printer } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { PRINT_FAILED, printSheet } from './protocol-actions';

/** Whether a match can have a blank sheet: not started, both line-ups published. */
export function offersBlankSheet(match: OfficialMatchDetail): boolean {
  return match.status === 'upcoming' && match.lineups_ready;
}

/**
 * 'Skriv ut tomt protokoll' (issue 14): the paper sheet of an official match before it starts,
 * the line-ups in the programme and no results, printed by the browser (offline too).
 */
export function BlankSheetButton({ match }: { match: OfficialMatchDetail }) {
  const [printing, setPrinting] = useState(false);
  if (!offersBlankSheet(match)) return null;
  return (
    <Button
      type="button"
      variant="outline"
      disabled={printing}
      onClick={() => {
        setPrinting(true);
        const source = {
          sheet: { rulebook: match.rulebook, lineups: match.lineups, heats: match.heats },
          details: {
            home_team: match.home_team,
            away_team: match.away_team,
            date: match.start,
            venue: match.venue,
            competition: match.competition,
            round: match.round,
            referee: match.referee,
          },
        };
        printSheet(source, true)
          .catch(() => toast.error(PRINT_FAILED, { description: 'Försök igen.' }))
          .finally(() => setPrinting(false));
      }}
    >
      <Printer aria-hidden="true" />
      Skriv ut tomt protokoll
    </Button>
  );
}
