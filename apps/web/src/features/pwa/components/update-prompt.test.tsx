import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';

const PROMPT = 'Ny version finns – ladda om';

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  postMessage = vi.fn();
  install() {
    this.state = 'installed';
    this.dispatchEvent(new Event('statechange'));
  }
}

/** navigator.serviceWorker and the registration it hands out: what the browser does, by hand. */
function fakeBrowser({ controlled }: { controlled: boolean }) {
  const registration = Object.assign(new EventTarget(), {
    waiting: null as FakeWorker | null,
    installing: null as FakeWorker | null,
    update: vi.fn(async () => undefined),
  });
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? new FakeWorker() : null,
    register: vi.fn(async () => registration),
  });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  /** A new version is found, installs and waits. */
  const newVersion = () => {
    const worker = new FakeWorker();
    registration.installing = worker;
    registration.dispatchEvent(new Event('updatefound'));
    registration.installing = null;
    registration.waiting = worker;
    worker.install();
    return worker;
  };
  /** The waiting worker took over (after SKIP_WAITING, or a first install's claim). */
  const takeOver = () => {
    container.controller = new FakeWorker();
    container.dispatchEvent(new Event('controllerchange'));
  };
  return { registration, container, newVersion, takeOver };
}

/** lib/service-worker.ts keeps its state per page: each test loads it afresh. */
async function startApp(browser: ReturnType<typeof fakeBrowser>) {
  vi.resetModules();
  const { registerServiceWorker } = await import('@/lib/service-worker');
  const { UpdatePrompt } = await import('./update-prompt');
  const reload = vi.fn();
  registerServiceWorker(reload);
  await vi.waitFor(() => expect(browser.container.register).toHaveBeenCalledWith('/sw.js'));
  render(<UpdatePrompt />);
  await act(async () => undefined);
  return { reload };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('UpdatePrompt', () => {
  it("offers a waiting version; 'Ladda om' activates it and the page reloads once", async () => {
    const browser = fakeBrowser({ controlled: true });
    const { reload } = await startApp(browser);
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();

    let worker: FakeWorker | undefined;
    act(() => {
      worker = browser.newVersion();
    });
    expect(screen.getByRole('status')).toHaveTextContent(PROMPT);
    await userEvent.click(screen.getByRole('button', { name: 'Ladda om' }));
    expect(worker?.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();

    browser.takeOver();
    browser.takeOver();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('shows a version that was already waiting when the app started', async () => {
    const browser = fakeBrowser({ controlled: true });
    browser.registration.waiting = new FakeWorker();
    await startApp(browser);
    expect(screen.getByText(PROMPT)).toBeInTheDocument();
  });

  it('is held back while a dialog is open, and a reload waits for it to close', async () => {
    function OpenDialog() {
      const [open, setOpen] = useState(true);
      return (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent aria-describedby={undefined}>
            <DialogTitle>Heat 3</DialogTitle>
            <Button onClick={() => setOpen(false)}>Spara heat</Button>
          </DialogContent>
        </Dialog>
      );
    }
    const browser = fakeBrowser({ controlled: true });
    const { reload } = await startApp(browser);
    render(<OpenDialog />);
    act(() => browser.newVersion());
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();

    // Another tab chose 'Ladda om': this one follows once the heat is saved.
    browser.takeOver();
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Spara heat' }));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(screen.getByText(PROMPT)).toBeInTheDocument();
  });

  it('never reloads when the first install takes over the page', async () => {
    const browser = fakeBrowser({ controlled: false });
    const { reload } = await startApp(browser);
    browser.takeOver();
    expect(reload).not.toHaveBeenCalled();
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
  });

  it('asks for a new version at start, when shown again and every 30 minutes', async () => {
    const browser = fakeBrowser({ controlled: true });
    await startApp(browser);
    expect(browser.registration.update).toHaveBeenCalledTimes(1);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(browser.registration.update).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(30 * 60_000);
    expect(browser.registration.update).toHaveBeenCalledTimes(3);
  });
});
