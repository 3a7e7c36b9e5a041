import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { PREFERS_REDUCED_MOTION, useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { findTarget, openPartElement } from '../lib/dom';
import {
  isSheetViewport,
  panelWidth,
  placePanel,
  spotlightRect,
  SPOTLIGHT_MARGIN,
  type PanelLayout,
  type Rect,
} from '../lib/geometry';
import type { Tour } from '../lib/machine';
import type { TutorialStep } from '../lib/steps';
import { scrollTargetIntoView } from '../lib/scroll';

type SpotlightTourProps = {
  tour: Tour;
  steps: readonly TutorialStep[];
  onNext: () => void;
  onBack: () => void;
  onSkip: () => void;
  onClose: () => void;
};

/** The visible part of the window, where fixed elements are placed from (its offset included). */
type View = { width: number; height: number; top: number; left: number };
type Layout = { view: View; spot: Rect | null; panel: PanelLayout };

/**
 * What the user sees of the page: the visual viewport (no desktop scrollbar; on a phone the
 * screen, even when the page is wider than it or zoomed, where fixed elements at bottom: 0 would
 * sit below the screen). Rectangles are measured from its corner.
 */
function visibleView(): View {
  const vv = window.visualViewport;
  if (vv) return { width: vv.width, height: vv.height, top: vv.offsetTop, left: vv.offsetLeft };
  return {
    width: document.documentElement.clientWidth || window.innerWidth,
    height: window.innerHeight,
    top: 0,
    left: 0,
  };
}

function toRect(r: DOMRect, view: View): Rect {
  return { top: r.top - view.top, left: r.left - view.left, width: r.width, height: r.height };
}

/**
 * A page guide's step: the page dimmed but for a spotlight on the step's target, and a panel
 * beside it (a bottom sheet on narrow screens). A modal dialog: focus is trapped in the panel and
 * returned when it closes, Escape closes, title and text label it, each new step is announced.
 */
export function SpotlightTour({
  tour,
  steps,
  onNext,
  onBack,
  onSkip,
  onClose,
}: SpotlightTourProps) {
  const step = steps[tour.step];
  const reducedMotion = useMediaQuery(PREFERS_REDUCED_MOTION);
  const panelRef = useRef<HTMLDivElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const [layout, setLayout] = useState<Layout | null>(null);
  // Where focus goes back to: what had it before, if that is still there and inside the open
  // part of the page (the heat dialog); else that part itself.
  const [returnTo] = useState(() => document.activeElement);
  const returnFocus = () => {
    const part = openPartElement();
    const back =
      returnTo instanceof HTMLElement && returnTo.isConnected && (!part || part.contains(returnTo))
        ? returnTo
        : part;
    back?.focus();
  };
  const last = tour.step >= tour.steps - 1;

  const measure = useCallback(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const view = visibleView();
    const target = step?.target ? findTarget(step.target) : null;
    const spot = target ? spotlightRect(toRect(target.getBoundingClientRect(), view), view) : null;
    const size = { width: panel.offsetWidth, height: panel.offsetHeight };
    setLayout({ view, spot, panel: placePanel(spot, size, view) });
  }, [step]);

  // Each step brings its target into view (above the sheet on phones), then lays out.
  useLayoutEffect(() => {
    const target = step?.target ? findTarget(step.target) : null;
    if (target) {
      const view = visibleView();
      const sheet = isSheetViewport(view) ? (panelRef.current?.offsetHeight ?? 0) : 0;
      scrollTargetIntoView(target, {
        bottomInset: sheet,
        margin: SPOTLIGHT_MARGIN,
        smooth: !reducedMotion,
      });
    }
    measure();
  }, [step, measure, reducedMotion]);

  // Scrolling (of the page or a dialog), resizing and the target's own changes move everything.
  useEffect(() => {
    let frame = 0;
    const schedule = () => {
      if (!frame) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          measure();
        });
      }
    };
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    window.visualViewport?.addEventListener('resize', schedule);
    window.visualViewport?.addEventListener('scroll', schedule);
    const resize = new ResizeObserver(schedule);
    if (panelRef.current) resize.observe(panelRef.current);
    const target = step?.target ? findTarget(step.target) : null;
    if (target) resize.observe(target);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      window.visualViewport?.removeEventListener('resize', schedule);
      window.visualViewport?.removeEventListener('scroll', schedule);
      resize.disconnect();
    };
  }, [measure, step]);

  // A button that disappears (Tillbaka on the first step) must not leave focus on nothing.
  useEffect(() => {
    const panel = panelRef.current;
    const active = document.activeElement;
    if (panel && (active === panel || !panel.contains(active))) nextRef.current?.focus();
  }, [tour.step]);

  if (!step) return null;
  const view = layout?.view ?? visibleView();
  const sheet = isSheetViewport(view);
  const at = (r: { top: number; left: number }) => ({
    top: r.top + view.top,
    left: r.left + view.left,
  });
  const motion = reducedMotion ? '' : 'transition-[top,left,width,height] duration-200 ease-out';

  return (
    <DialogPrimitive.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogPrimitive.Portal>
        {/* The dimmed page with its spotlight; a tap on it does nothing (the panel's buttons decide). */}
        <div
          className="pointer-events-auto fixed inset-0 z-[60]"
          aria-hidden="true"
          data-tutorial-overlay=""
        >
          {layout?.spot ? (
            <div
              data-tutorial-spotlight=""
              className={cn(
                'pointer-events-none fixed rounded-xl shadow-[0_0_0_200vmax_rgb(0_0_0/0.6)] ring-2 ring-primary',
                motion,
              )}
              style={{ ...layout.spot, ...at(layout.spot) }}
            />
          ) : (
            <div className="fixed inset-0 bg-black/60" />
          )}
        </div>
        <DialogPrimitive.Content
          ref={panelRef}
          data-tutorial-panel=""
          data-placement={layout?.panel.placement ?? 'pending'}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            nextRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className={cn(
            'fixed z-[61] grid gap-3 overflow-y-auto border bg-card p-5 text-card-foreground shadow-xl outline-none',
            sheet
              ? layout?.panel.placement === 'sheet-top'
                ? 'max-h-[85dvh] rounded-b-2xl'
                : 'max-h-[85dvh] rounded-t-2xl pb-[calc(1.25rem+env(safe-area-inset-bottom))]'
              : 'max-h-[calc(100dvh-40px)] rounded-2xl',
            !sheet && motion,
            layout ? 'opacity-100' : 'opacity-0',
          )}
          style={
            layout
              ? { ...at(layout.panel), width: layout.panel.width }
              : { ...at({ top: sheet ? view.height : 0, left: 0 }), width: panelWidth(view) }
          }
        >
          <p className="pr-10 text-[13px] font-semibold text-primary" aria-hidden="true">
            Steg {tour.step + 1} av {tour.steps}
          </p>
          <DialogPrimitive.Title className="pr-10 text-lg leading-tight font-bold">
            {step.title}
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="text-sm text-muted-foreground">
            {step.body}
          </DialogPrimitive.Description>
          <p className="sr-only" aria-live="polite">
            {`Steg ${tour.step + 1} av ${tour.steps}: ${step.title}`}
          </p>
          <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
            <Button variant="ghost" className="-ml-2 px-2" onClick={onSkip}>
              Hoppa över
            </Button>
            <div className="ml-auto flex gap-2">
              {tour.step > 0 ? (
                <Button variant="outline" onClick={onBack}>
                  Tillbaka
                </Button>
              ) : null}
              <Button ref={nextRef} onClick={onNext}>
                {last ? 'Klar' : 'Nästa'}
              </Button>
            </div>
          </div>
          <DialogPrimitive.Close
            className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-lg text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
            aria-label="Stäng guiden"
          >
            <X className="size-5" aria-hidden="true" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
