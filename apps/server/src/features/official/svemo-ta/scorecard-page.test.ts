import { describe, expect, it } from 'vitest';
import { PIR_HAM_ID, savedPages } from '../../../../test/svemo-ta/saved-pages';
import { parseMatchList } from './match-list-page';
import { parseScorecard, UnreadablePage } from './scorecard-page';

describe('parseScorecard on the saved Piraterna–Hammarby scorecard (2012-07-24)', () => {
  const page = parseScorecard(savedPages.pirHam());
  const [home, away] = page.teams;

  it('reads the title, the result header and the attendance', () => {
    expect(page.competitionId).toBe(PIR_HAM_ID);
    expect(page.title).toMatchObject({
      date: '2012-07-24',
      competition: 'Elitserien',
      round: 11,
      home: 'Pir',
      away: 'Ham',
    });
    expect(page.scores).toEqual([
      { name: 'Piraterna', score: 56 },
      { name: 'Hammarby', score: 34 },
    ]);
    expect(page.attendance).toBe(2887);
    expect(page.heatColumns).toBe(15);
  });

  it("reads both line-ups, home first, with every rider's S:a", () => {
    expect(home!.name).toBe('Piraterna');
    expect(away!.name).toBe('Hammarby');
    expect(home!.riders.map((r) => [r.no, r.name, r.sum])).toEqual([
      [1, 'Chris Holder', 10],
      [2, 'Linus Sundström', 12],
      [3, 'Maciej Janowski', 0],
      [4, 'Przemyslaw Pawlicki', 12],
      [5, 'Greg Hancock', 6],
      [6, 'Grzegorz Zengota', 8],
      [7, 'Anton Rosén', 8],
    ]);
    expect(away!.riders.map((r) => [r.no, r.name, r.sum])).toEqual([
      [1, 'Grzegorz Walasek', 8],
      [2, 'Sebastian Aldén', 0],
      [3, 'Adrian Miedzinski', 5],
      [4, 'Dennis Andersson', 6],
      [5, 'Magnus Zetterström', 3],
      [6, 'Kamil Brzozowski', 6],
      [7, 'Rory Schlein', 6],
    ]);
  });

  it("reads each heat's team score and the running score", () => {
    expect(home!.heatScores).toEqual([4, 2, 5, 5, 5, 5, 1, 5, 3, 5, 1, 4, 3, 3, 5]);
    expect(away!.heatScores).toEqual([2, 4, 1, 1, 1, 1, 5, 1, 3, 1, 5, 2, 3, 3, 1]);
    expect(home!.runningScores).toEqual([4, 6, 11, 16, 21, 26, 27, 32, 35, 40, 41, 45, 48, 51, 56]);
    expect(away!.runningScores).toEqual([2, 6, 7, 8, 9, 10, 15, 16, 19, 20, 25, 27, 30, 33, 34]);
  });

  it('reads each cell: heat, gate, helmet, upper or lower row, points or code', () => {
    const cells = (team: number, no: number) =>
      page.teams[team]!.riders.find((r) => r.no === no)!.cells.map(
        (c) =>
          `${c.heat}:${c.gate}:${c.helmet}:${c.programmed ? 'prog' : 'ride'}:` +
          (c.result && 'points' in c.result ? c.result.points : c.result?.code),
      );
    // Chris Holder: four programmed rides, then nominated for heat 15 (lower row, blue).
    expect(cells(0, 1)).toEqual([
      '1:3:röd:prog:1',
      '7:2:röd:prog:1',
      '10:4:röd:prog:3',
      '14:1:röd:prog:3',
      '15:3:blå:ride:2',
    ]);
    // Maciej Janowski did not ride: his programmed places hold RR.
    expect(cells(0, 3)).toEqual([
      '3:1:röd:prog:RR',
      '6:2:röd:prog:RR',
      '8:3:röd:prog:RR',
      '13:4:röd:prog:RR',
    ]);
    // Sebastian Aldén: N in heat 9, where Dennis Andersson rode his place (tactical reserve).
    expect(cells(1, 2)).toEqual([
      '1:4:gul:prog:0',
      '6:1:gul:prog:0',
      '9:2:gul:prog:N',
      '12:3:gul:prog:0',
    ]);
    expect(cells(1, 4)).toContain('9:2:gul:ride:2');
    // Magnus Zetterström excluded under the two-minute rule in heat 10; Miedzinski fell in 15.
    expect(cells(1, 5)).toContain('10:3:gul:prog:M');
    expect(cells(1, 3)).toContain('15:4:gul:ride:F');
    const count = page.teams.flatMap((t) => t.riders.flatMap((r) => r.cells)).length;
    // 60 rides, four RR places and one N place.
    expect(count).toBe(65);
  });

  it('refuses a page that is not a scorecard', () => {
    expect(() => parseScorecard(savedPages.standings())).toThrow(UnreadablePage);
    expect(() => parseScorecard('<html><body>Server Error</body></html>')).toThrow(
      'Sidan är ingen matchsida från Svemo TA',
    );
  });
});

describe('parseMatchList on the saved 2012 match list', () => {
  const first = parseMatchList(savedPages.listPage1());
  const second = parseMatchList(savedPages.listPage2());

  it('reads every row of both pages: 66 matches, one without a scorecard', () => {
    expect(first.rows).toHaveLength(50);
    expect(second.rows).toHaveLength(16);
    expect([first.page, first.pages, second.page, second.pages]).toEqual([1, 2, 2, 2]);
    const all = [...first.rows, ...second.rows];
    expect(all.filter((row) => row.competitionId === null).map((row) => row.title.text)).toEqual([
      'Elitserien Omgång 9 Pir - Val',
    ]);
    expect(all.find((row) => row.competitionId === 1259)).toMatchObject({
      date: '2012-07-24',
      title: { competition: 'Elitserien', round: 11, home: 'Pir', away: 'Ham' },
    });
    expect(second.rows.at(-1)).toMatchObject({
      competitionId: 1706,
      date: '2012-10-03',
      title: { competition: 'Elitserien Final 1', round: null, home: 'ElitV', away: 'Pir' },
    });
  });

  it('gives the post-back for page 2 from page 1, and none on the last page', () => {
    expect(first.next).toMatchObject({
      action:
        './events.aspx?Branch=Speedway&Season=2012&Serie=Elitserien&Resultfilter=APPROVED&Columns=FromDateShort%2cName%2cHeatSchema%2cHeatResult&pagesize=50',
      fields: {
        __EVENTTARGET: 'ctl00$Body$ucCompetitionList$RadGrid1$ctl00$ctl03$ctl01$ctl10',
        __EVENTARGUMENT: '',
      },
    });
    expect(first.next!.fields.__VIEWSTATE).toHaveLength(75544);
    expect(second.next).toBeNull();
  });
});
