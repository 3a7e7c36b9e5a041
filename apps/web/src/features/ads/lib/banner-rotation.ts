export type RotationOptions<T> = {
  /** Fetches the next thing to show (null: nothing to show). */
  load: (signal: AbortSignal) => Promise<T | null>;
  /** How long a shown banner stays before the next one is fetched. */
  refreshMs: number;
  /** The shortest time between two swaps, whatever asks for one. */
  minSwapMs: number;
  onShow: (value: T | null) => void;
  onError: (error: unknown) => void;
};

/**
 * When a banner is fetched and swapped (docs/spec/2-matches-protocols-admin.md §4, §9), apart from
 * React so the rules can be read in one place: fetched only while active (near the viewport in a
 * visible tab); the next fetch is due `refreshMs` after the last swap, and a fetch that is due
 * while inactive waits until the banner is active again; a fetched banner is swapped in only while
 * active and never sooner than `minSwapMs` after the previous swap (it waits, held, until both
 * hold). A failed fetch is tried again at the next refresh, or at once when asked to (retry(): the
 * network is back).
 */
export class BannerRotation<T> {
  private active = false;
  private disposed = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: AbortController | null = null;
  private held: { value: T | null } | null = null;
  /** When the next fetch may start (epoch ms); 0 = as soon as the banner is active. */
  private dueAt = 0;
  /** The last fetch failed: retry() fetches again without waiting for the refresh. */
  private failed = false;

  constructor(
    private readonly options: RotationOptions<T>,
    /** When the banner last changed, carried over from the rotation this one replaces. */
    public lastSwapAt: number | null = null,
  ) {}

  setActive(active: boolean): void {
    this.active = active;
    this.schedule();
  }

  /** After a failed fetch, fetches again as soon as the banner is active (once reconnected). */
  retry(): void {
    if (!this.failed) return;
    this.dueAt = 0;
    this.schedule();
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    this.inFlight?.abort();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.disposed || !this.active) return;
    const now = Date.now();
    if (this.held) {
      const swapAt = this.lastSwapAt === null ? now : this.lastSwapAt + this.options.minSwapMs;
      if (swapAt <= now) this.swap();
      else this.timer = setTimeout(() => this.schedule(), swapAt - now);
      return;
    }
    if (this.inFlight) return;
    if (this.dueAt <= now) void this.fetch();
    else this.timer = setTimeout(() => this.schedule(), this.dueAt - now);
  }

  private async fetch(): Promise<void> {
    const controller = new AbortController();
    this.inFlight = controller;
    try {
      const value = await this.options.load(controller.signal);
      if (this.disposed) return;
      this.failed = false;
      this.held = { value };
    } catch (error) {
      if (this.disposed) return;
      this.failed = true;
      this.dueAt = Date.now() + this.options.refreshMs;
      this.options.onError(error);
    } finally {
      if (this.inFlight === controller) this.inFlight = null;
    }
    this.schedule();
  }

  private swap(): void {
    const { value } = this.held!;
    this.held = null;
    this.lastSwapAt = Date.now();
    this.dueAt = this.lastSwapAt + this.options.refreshMs;
    this.options.onShow(value);
    this.schedule();
  }
}
