import { act, render, screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { FittedName } from './fitted-name';

/** A ResizeObserver whose reports the test sends; each report goes to every observer made. */
const callbacks: ResizeObserverCallback[] = [];
const observed = new Set<Element>();
class ReportingObserver {
  constructor(callback: ResizeObserverCallback) {
    callbacks.push(callback);
  }
  observe(target: Element) {
    observed.add(target);
  }
  unobserve(target: Element) {
    observed.delete(target);
  }
  disconnect() {}
}
const original = {
  observer: window.ResizeObserver,
  rect: HTMLElement.prototype.getBoundingClientRect,
  clientWidth: Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth'),
};
window.ResizeObserver = ReportingObserver as unknown as typeof ResizeObserver;
afterAll(() => {
  window.ResizeObserver = original.observer;
  HTMLElement.prototype.getBoundingClientRect = original.rect;
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
});

/** What the browser does after a layout: reports every observed box, in one callback per observer. */
function report() {
  const entries = [...observed].map((target) => ({ target }) as ResizeObserverEntry);
  act(() => {
    for (const callback of callbacks) callback(entries, {} as ResizeObserver);
  });
}

/** Every name's text as wide as its length × 10 px; every box `room` px wide. */
function layOut(room: number, log: string[]) {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get() {
      return room;
    },
  });
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    log.push('read');
    return { width: (this.textContent ?? '').length * 10 } as DOMRect;
  };
}

describe('FittedName', () => {
  it('measures every name of a report before any renders, and shows the short ones together', () => {
    const log: string[] = [];
    layOut(100, log);
    const names = ['Indianerna Kumla', 'Dackarna Målilla', 'Lejonen Gislaved'];
    render(
      <>
        {names.map((name) => (
          <FittedName
            key={name}
            full={name}
            short={name.slice(0, 3).toUpperCase()}
            onFitChange={(fits) => void log.push(fits ? 'full' : 'short')}
          />
        ))}
      </>,
    );
    log.length = 0;
    report();
    // One layout for the whole list: three reads, then the three names change in one render (a
    // read after a render would force the browser to lay the page out again, name by name).
    expect(log).toEqual(['read', 'read', 'read', 'short', 'short', 'short']);
    expect(screen.getAllByText(/^(IND|DAC|LEJ)$/)).toHaveLength(3);
    // Screen readers keep the full name.
    expect(screen.getByText('Indianerna Kumla')).toHaveClass('sr-only');
  });

  it('gives the full name back when its box grows, and leaves names whose answer holds alone', () => {
    const log: string[] = [];
    layOut(120, log);
    render(
      <>
        <FittedName
          full="Västervik Speedway"
          short="VÄS"
          onFitChange={(f) => void log.push(`a ${f}`)}
        />
        <FittedName full="Rospiggarna" short="ROS" onFitChange={(f) => void log.push(`b ${f}`)} />
      </>,
    );
    report();
    expect(screen.getByText('VÄS')).toBeInTheDocument();
    expect(screen.getByText('Rospiggarna')).not.toHaveClass('sr-only');

    layOut(200, log);
    log.length = 0;
    report();
    expect(screen.getByText('Västervik Speedway')).toHaveAttribute('data-fitted-shown');
    expect(log).toEqual(['read', 'a true']);
  });
});
