import { isTutorialPageKey, type TutorialPageKey } from '@speedway/contracts/tutorial-state';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '@/lib/auth';
import { effectiveTutorialState, useTutorialStatus } from '../api/get-tutorial-status';
import { useUpdateTutorialStatus } from '../api/update-tutorial-status';
import { SHOW_INTRO_EVENT, takeIntroRequest } from '../lib/events';
import { observeOpenParts, openPartPage, whenTargetAppears } from '../lib/dom';
import * as machine from '../lib/machine';
import { pageKeyOf } from '../lib/page-key';
import { TUTORIAL_STEPS } from '../lib/steps';
import { clearGuestTutorialKeys, isIntroDeferred } from '../lib/tutorial-storage';
import { IntroDialog } from './intro-dialog';
import { SpotlightTour } from './spotlight-tour';

const ignore = () => () => {};
const none = () => null;

/** The page key of the heat dialog while it is open, else null; only watched while it matters. */
function useOpenPartPage(watch: boolean): TutorialPageKey | null {
  const page = useSyncExternalStore(
    watch ? observeOpenParts : ignore,
    watch ? openPartPage : none,
    none,
  );
  return isTutorialPageKey(page) ? page : null;
}

/**
 * The guided first run for a signed-in user: the intro after login when it is not completed, then
 * each page's guide once (docs/spec/2-matches-protocols-admin.md §4). Mounted once in the layout,
 * loaded lazily.
 */
export function TutorialHost({ userId, token }: { userId: string; token: string }) {
  const status = useTutorialStatus(userId);
  const state = effectiveTutorialState(userId, status);
  const update = useUpdateTutorialStatus(userId);
  const { mutate } = update;
  const location = useLocation();
  // Watching the page for the heat dialog costs a little on every change; once its guide is done
  // (and none runs there) there is nothing to watch for.
  const part = useOpenPartPage(!!state && !state.pages.heatDialog.completed);
  const page = part ?? pageKeyOf(location.pathname);

  const [intro, setIntro] = useState<'undecided' | 'open' | 'closed'>('undecided');
  const introOpen = intro === 'open';
  const [tour, setTour] = useState<machine.Tour | null>(null);

  // The intro is offered once, when the state is first known after sign-in; a reset made during
  // this session waits for the next login.
  if (intro === 'undecided' && state) {
    setIntro(!state.introCompleted && !isIntroDeferred(userId, token) ? 'open' : 'closed');
  }
  // A guide belongs to its page: leaving the page (or closing the heat dialog) ends it unfinished.
  if (tour && tour.page !== page) setTour(null);
  // A guide just finished must not start again before its completion shows in the state (the
  // update's optimistic write lands a moment after the guide closes).
  const [finishing, setFinishing] = useState<TutorialPageKey | null>(null);
  if (finishing && state?.pages[finishing].completed) setFinishing(null);

  useEffect(() => clearGuestTutorialKeys(), []);

  // 'Visa introduktionen' on Snabbguider, whether it was pressed before this host loaded or after.
  useEffect(() => {
    const show = () => {
      if (!takeIntroRequest()) return;
      setTour(null);
      setIntro('open');
    };
    show();
    window.addEventListener(SHOW_INTRO_EVENT, show);
    return () => window.removeEventListener(SHOW_INTRO_EVENT, show);
  }, []);

  // Auto-start once the page's first target is on screen.
  const steps = page ? TUTORIAL_STEPS[page] : [];
  const storedStep = page && state ? state.pages[page].step : 0;
  const autoStart =
    !introOpen &&
    !tour &&
    page !== finishing &&
    machine.shouldAutoStart({ signedIn: true, state, page, steps: steps.length });
  useEffect(() => {
    if (!autoStart || !page) return;
    const start = () => setTour(machine.startTour(page, steps.length, storedStep));
    const first = steps.find((s) => s.target)?.target;
    if (first) return whenTargetAppears(first, start);
    const frame = requestAnimationFrame(start);
    return () => cancelAnimationFrame(frame);
    // storedStep is read when the guide starts, not followed while it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoStart, page]);

  const apply = (transition: machine.TourTransition) => {
    setTour(transition.tour);
    const effect = transition.effect;
    if (!effect) return;
    if (effect.completed) setFinishing(effect.page);
    mutate({
      tutorial: {
        pages: {
          [effect.page]: effect.completed ? { completed: true, step: 0 } : { step: effect.step },
        },
      },
    });
  };

  const finishIntro = () => {
    setIntro('closed');
    mutate({ tutorial: { introCompleted: true } });
  };

  return (
    <>
      {introOpen ? <IntroDialog onFinish={finishIntro} /> : null}
      {tour ? (
        <SpotlightTour
          key={tour.page}
          tour={tour}
          steps={TUTORIAL_STEPS[tour.page]}
          onNext={() => apply(machine.next(tour))}
          onBack={() => apply(machine.back(tour))}
          onSkip={() => apply(machine.skip(tour))}
          onClose={() => apply(machine.close(tour))}
        />
      ) : null}
    </>
  );
}

export default function TutorialHostForUser() {
  const { user, token } = useAuth();
  if (!user || !token) return null;
  return <TutorialHost key={user.id} userId={user.id} token={token} />;
}
