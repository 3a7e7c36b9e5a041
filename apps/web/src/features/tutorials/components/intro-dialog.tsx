import { ClipboardPen, Scale, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { INTRO_COMPLETED_EVENT } from '../lib/events';
import { clampStep } from '../lib/machine';

export const INTRO_STEPS = [
  {
    icon: Sparkles,
    title: 'Välkommen till Speedway Elitserien',
    body: 'Här för du ditt eget matchprotokoll heat för heat och jämför det med det officiella resultatet.',
  },
  {
    icon: ClipboardPen,
    title: 'Starta ett protokoll',
    body: 'Välj en kommande match under Matcher och tryck på Starta protokoll. Registrera sedan varje heat: förare, placering 1–4 och uteslutningar.',
  },
  {
    icon: Scale,
    title: 'Spara och jämför',
    body: 'När alla 15 heat är klara sparar du protokollet. Under Mina matcher ser du om det stämmer med det officiella resultatet. Guiderna kan du visa igen under Mina sidor → Snabbguider.',
  },
] as const;

/**
 * The intro after login (docs/spec/2-matches-protocols-admin.md §2, §4): three steps with Next and
 * Back, the page's scrolling locked while it is open (the dialog does that). Finishing it, skipping
 * it or closing it all count as done; `onFinish` stores that and the completion event is fired.
 */
export function IntroDialog({ onFinish }: { onFinish: () => void }) {
  const [step, setStep] = useState(0);
  const finished = useRef(false);
  const nextRef = useRef<HTMLButtonElement>(null);
  // Tillbaka goes away on the first step: focus must not go with it.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body || active.getAttribute('role') === 'dialog') {
      nextRef.current?.focus();
    }
  }, [step]);
  const current = INTRO_STEPS[clampStep(step, INTRO_STEPS.length)]!;
  const last = step >= INTRO_STEPS.length - 1;
  const Icon = current.icon;

  const finish = () => {
    if (finished.current) return;
    finished.current = true;
    onFinish();
    window.dispatchEvent(new CustomEvent(INTRO_COMPLETED_EVENT));
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : finish())}>
      <DialogContent sheet closeLabel="Stäng introduktionen" className="md:max-w-lg">
        <DialogHeader>
          <p className="text-[13px] font-semibold text-primary" aria-live="polite">
            Steg {step + 1} av {INTRO_STEPS.length}
          </p>
          <DialogTitle>{current.title}</DialogTitle>
        </DialogHeader>
        <DialogBody className="grid justify-items-center gap-4 py-6 text-center">
          <span className="flex size-16 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
            <Icon className="size-8" aria-hidden="true" />
          </span>
          <DialogDescription className="max-w-sm text-base text-foreground">
            {current.body}
          </DialogDescription>
          <div className="flex gap-1.5" aria-hidden="true">
            {INTRO_STEPS.map((s, i) => (
              <span
                key={s.title}
                className={cn('h-1.5 w-6 rounded-full', i === step ? 'bg-primary' : 'bg-muted')}
              />
            ))}
          </div>
        </DialogBody>
        <DialogFooter className="flex flex-wrap items-center justify-between gap-2">
          {last ? null : (
            <Button variant="ghost" className="-ml-2 px-2" onClick={finish}>
              Hoppa över
            </Button>
          )}
          <div className="ml-auto flex gap-2">
            {step > 0 ? (
              <Button variant="outline" onClick={() => setStep((s) => clampStep(s - 1, 3))}>
                Tillbaka
              </Button>
            ) : null}
            <Button
              ref={nextRef}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- inside the modal guide: 'Nästa' is where a keyboard user goes on.
              autoFocus
              onClick={() => (last ? finish() : setStep((s) => clampStep(s + 1, 3)))}
            >
              {last ? 'Kom igång' : 'Nästa'}
            </Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
