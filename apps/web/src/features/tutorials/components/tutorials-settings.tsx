import {
  TUTORIAL_PAGE_KEYS,
  TUTORIAL_TEXTS,
  type TutorialPageKey,
  type TutorialState,
} from '@speedway/contracts/tutorial-state';
import type { TutorialUpdateBody } from '@speedway/contracts/tutorials';
import { RotateCcw, Play, TriangleAlert } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { effectiveTutorialState, useTutorialStatus } from '../api/get-tutorial-status';
import { useUpdateTutorialStatus } from '../api/update-tutorial-status';
import { requestIntro } from '../lib/events';
import { TUTORIAL_STEPS } from '../lib/steps';
import { deferIntroToNextLogin } from '../lib/tutorial-storage';

/** Each guide's name, and the page it belongs to when it is a page of its own. */
export const GUIDE_LABELS: Record<TutorialPageKey, { name: string; path?: string; where: string }> =
  {
    home: { name: 'Hem', path: '/', where: 'startsidan' },
    matches: { name: 'Matcher', path: '/matches', where: 'Matcher' },
    myMatches: { name: 'Mina matcher', path: '/my-matches', where: 'Mina matcher' },
    table: { name: 'Tabell', path: '/tabell', where: 'tabellen' },
    account: { name: 'Mina sidor', path: '/account', where: 'Mina sidor' },
    officialMatchDetail: { name: 'Officiell match', where: 'en officiell match' },
    matchProtocol: { name: 'Matchprotokoll', where: 'ett matchprotokoll' },
    heatDialog: { name: 'Registrera heat', where: 'heatdialogen' },
  };

function guideStatus(state: TutorialState, key: TutorialPageKey): string {
  const page = state.pages[key];
  if (page.completed) return 'Visad';
  if (page.step > 0) {
    const steps = TUTORIAL_STEPS[key].length;
    return `Påbörjad, steg ${Math.min(page.step + 1, steps)} av ${steps}`;
  }
  return 'Inte visad';
}

/**
 * /account/tutorials (Snabbguider, docs/spec/2-matches-protocols-admin.md §2): the intro's status
 * and every page guide.
 */
export function TutorialsSettings() {
  const { user, token } = useAuth();
  const userId = user?.id ?? '';
  const status = useTutorialStatus(userId);
  const state = effectiveTutorialState(userId, status);
  const update = useUpdateTutorialStatus(userId);
  const navigate = useNavigate();

  const send = (body: TutorialUpdateBody, done: () => void) =>
    update.mutate(body, {
      onSuccess: done,
      onError: () => toast.error(TUTORIAL_TEXTS.updateFailed),
    });

  // The deferral is written first: the guide host may see the reset (shown at once) before the
  // server has answered, and must not take it for an intro to show now.
  const resetIntro = (body: TutorialUpdateBody, message: string) => {
    if (token) deferIntroToNextLogin(userId, token);
    send(body, () => toast.success(message));
  };

  const showAgain = (key: TutorialPageKey) => {
    const { name, path, where } = GUIDE_LABELS[key];
    send({ pageName: key }, () => {
      if (path) navigate(path);
      else toast.success(`Guiden ${name} visas nästa gång du öppnar ${where}.`);
    });
  };

  return (
    <>
      {status.isError ? (
        <Alert variant="destructive" role="alert">
          <TriangleAlert aria-hidden="true" />
          <AlertDescription>{TUTORIAL_TEXTS.loadFailed}</AlertDescription>
        </Alert>
      ) : null}

      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle>Introduktion</CardTitle>
            {state ? (
              <Badge variant={state.introCompleted ? 'success' : 'secondary'}>
                {state.introCompleted ? 'Genomförd' : 'Inte genomförd'}
              </Badge>
            ) : status.isError ? (
              <Badge variant="outline">Okänd</Badge>
            ) : (
              <Skeleton className="h-5 w-24 rounded-full" />
            )}
          </div>
          <CardDescription>
            Tre korta steg om hur du för protokoll och jämför med det officiella resultatet.
            Återställd visas den nästa gång du loggar in.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Button onClick={requestIntro}>
            <Play aria-hidden="true" />
            Visa introduktionen
          </Button>
          <Button
            variant="outline"
            disabled={!state || update.isPending}
            onClick={() =>
              resetIntro({ resetIntro: true }, 'Introduktionen visas nästa gång du loggar in.')
            }
          >
            <RotateCcw aria-hidden="true" />
            Återställ introduktionen
          </Button>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Guider per sida</CardTitle>
          <CardDescription>
            Varje sida har en kort guide som visas första gången du öppnar den.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ul className="divide-y rounded-xl border" aria-label="Guider">
            {TUTORIAL_PAGE_KEYS.map((key) => (
              <li key={key} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="font-semibold">{GUIDE_LABELS[key].name}</p>
                  <p className="text-[13px] text-muted-foreground">
                    {state ? guideStatus(state, key) : status.isError ? 'Okänd' : 'Laddar…'}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  className="h-10"
                  disabled={!state || update.isPending}
                  onClick={() => showAgain(key)}
                >
                  {/* Named 'Visa guiden … igen', the visible words in their order (WCAG 2.5.3). */}
                  Visa <span className="sr-only">guiden {GUIDE_LABELS[key].name}</span>
                  {' igen'}
                </Button>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              disabled={!state || update.isPending}
              onClick={() =>
                send({ resetAllPages: true, resetIntro: false }, () =>
                  toast.success('Alla guider visas igen.'),
                )
              }
            >
              <RotateCcw aria-hidden="true" />
              Visa alla guider igen
            </Button>
            <Button
              variant="ghost"
              disabled={!state || update.isPending}
              onClick={() =>
                resetIntro(
                  { resetAllPages: true, resetIntro: true },
                  'Introduktionen och alla guider visas igen från nästa inloggning.',
                )
              }
            >
              Återställ allt
            </Button>
          </div>
        </CardContent>
      </Card>
    </>
  );
}
