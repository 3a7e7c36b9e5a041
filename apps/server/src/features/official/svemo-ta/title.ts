// The title TA gives a match, on its scorecard and in the season's list:
// "2012-07-24 Elitserien Omgång 11 Pir - Ham", "Elitserien Kvartsfinal 1 Dac - Väs" (no date in
// the list, whose date is a column of its own). Plain text, read once it is out of the HTML.

export type TaTitle = {
  /** YYYY-MM-DD, when the title carries it. */
  date: string | null;
  /** "Elitserien", or "Elitserien Kvartsfinal 1" for a play-off match. */
  competition: string;
  round: number | null;
  home: string;
  away: string;
  text: string;
};

const TITLE = /^(?:(\d{4}-\d{2}-\d{2})\s+)?(.+?)\s+(\S+)\s+-\s+(\S+)$/;
const ROUND = /^(.*\S)\s+Omgång\s+(\d{1,3})$/;

/** The title's parts; home and away are empty when it does not name two teams ("A - B"). */
export function parseTitle(text: string): TaTitle {
  const match = TITLE.exec(text.trim());
  if (!match)
    return { date: null, competition: text.trim(), round: null, home: '', away: '', text };
  const [, date, event, home, away] = match;
  const round = ROUND.exec(event!);
  return {
    date: date ?? null,
    competition: round ? round[1]! : event!,
    round: round ? Number(round[2]) : null,
    home: home!,
    away: away!,
    text: text.trim(),
  };
}

/** Whether a competition title belongs to the series (`SVEMO_TA_SERIES`, e.g. "Elitserien"). */
export function inSeries(competition: string, series: string): boolean {
  const want = series.trim().toLocaleLowerCase('sv');
  const have = competition.trim().toLocaleLowerCase('sv');
  return have === want || have.startsWith(`${want} `);
}
