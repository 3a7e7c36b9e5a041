import { POINTS_FOR_DRAW, POINTS_FOR_WIN } from '@speedway/rules';
import { useId } from 'react';

/** What the table's abbreviations stand for, and how P is counted (rules: points and bonus). */
const TERMS: [term: string, meaning: string][] = [
  ['M', 'matcher'],
  ['V', `vinster (${POINTS_FOR_WIN} poäng)`],
  ['O', `oavgjorda (${POINTS_FOR_DRAW} poäng)`],
  ['F', 'förluster'],
  ['+ / −', 'heatpoäng för och emot'],
  ['+/−', 'heatpoängsskillnad'],
  [
    'B',
    'bonuspoäng: 1 poäng till laget med flest heatpoäng sammanlagt i hemma- och bortamötet mot ett lag',
  ],
  ['P', `poäng: ${POINTS_FOR_WIN} × V + ${POINTS_FOR_DRAW} × O + B`],
  ['Form', 'de fem senaste matcherna, den senaste till höger'],
];

/** The legend under /tabell's table, so that every row can be added up. */
export function TableLegend() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-1.5 text-[12px] text-muted-foreground">
      <h2 id={headingId} className="font-semibold text-foreground">
        Förklaringar
      </h2>
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
        {TERMS.map(([term, meaning]) => (
          <div key={term} className="flex gap-1.5">
            <dt className="min-w-8 shrink-0 font-semibold text-foreground">{term}</dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
