import type { OfficialMatchDetail } from '@speedway/contracts';
import { FileDown, Printer } from 'lucide-react';
import { scoresheetSourceOf } from '@speedway/rules';
import { Button } from '@/components/ui/button';
import { blankSheetFile } from './api/download-file';
import { DownloadButton } from './download-button';
import { usePrint } from './use-print';

/** Whether a match can have a blank sheet: not started, both line-ups published. */
export function offersBlankSheet(match: OfficialMatchDetail): boolean {
  return match.status === 'upcoming' && match.lineups_ready;
}

/**
 * The paper sheet of an official match before it starts (ADR 011), the line-ups in the programme
 * and no results: 'Skriv ut tomt protokoll' (printed by the browser, offline too) and 'Ladda ner
 * tomt protokoll (PDF)' (from the server, online only), as the protocol's own sheet has them.
 */
export function BlankSheetActions({ match }: { match: OfficialMatchDetail }) {
  const { printing, print } = usePrint();
  if (!offersBlankSheet(match)) return null;
  const source = () => scoresheetSourceOf({ ...match, date: match.start }, match.referee);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        disabled={printing}
        onClick={() => print(source(), true)}
      >
        <Printer aria-hidden="true" />
        Skriv ut tomt protokoll
      </Button>
      <DownloadButton
        file={blankSheetFile(match.id)}
        label="Ladda ner tomt protokoll (PDF)"
        failed="Kunde inte ladda ner PDF"
        icon={FileDown}
      />
    </>
  );
}
