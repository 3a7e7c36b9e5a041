/**
 * docs/spec/1-app-shell-auth-account.md §5: the texts for push that cannot be turned on, word for
 * word.
 */
export const PUSH_TEXTS = {
  blocked: 'Notiser är blockerade i webbläsaren.',
  refused: 'Du behöver tillåta notiser.',
  unsupported: 'Webbläsaren saknar push-stöd.',
  /**
   * docs/spec/1-app-shell-auth-account.md §8: a denied permission tells the user to open the
   * browser settings.
   */
  blockedHelp:
    'Öppna webbläsarens inställningar för den här webbplatsen och tillåt notiser, försök sedan igen.',
  /** docs/spec/1-app-shell-auth-account.md §5/§8: push needs HTTPS or localhost. */
  insecure: 'Push-notiser kräver HTTPS (eller localhost).',
  /**
   * docs/spec/1-app-shell-auth-account.md §8 and docs/spec/2-matches-protocols-admin.md §8: turning
   * push on failed.
   */
  enableFailed: 'Kunde inte aktivera notiser',
  /** Ours: what to make of a failure inside the browser (its own error text is English). */
  browserFailed:
    'Webbläsaren kunde inte registrera den här enheten för push. Kontrollera anslutningen och försök igen.',
} as const;

export type PushRequirement = 'ok' | 'insecure' | 'unsupported';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname) || hostname.endsWith('.localhost');
}

/**
 * docs/spec/1-app-shell-auth-account.md §5: push needs HTTPS or localhost, a service worker, and
 * notification and push support. The page's protocol is checked as well as isSecureContext, which
 * some embedded views get wrong.
 */
export function checkPushRequirements(win: typeof window = window): PushRequirement {
  const { protocol, hostname } = win.location;
  if (protocol !== 'https:' && !isLocalHost(hostname)) return 'insecure';
  if (win.isSecureContext === false) return 'insecure';
  if (!('serviceWorker' in win.navigator)) return 'unsupported';
  if (!('Notification' in win) || !('PushManager' in win)) return 'unsupported';
  return 'ok';
}

export function isPushSupported(win: typeof window = window): boolean {
  return checkPushRequirements(win) === 'ok';
}

/** The browser's notification permission, or 'unsupported' where there is none. */
export function notificationPermission(
  win: typeof window = window,
): NotificationPermission | 'unsupported' {
  if (!('Notification' in win)) return 'unsupported';
  return win.Notification.permission;
}

/** The reason push cannot be turned on here, in the spec's words, or null when it can. */
export function requirementMessage(requirement: PushRequirement): string | null {
  if (requirement === 'insecure') return PUSH_TEXTS.insecure;
  if (requirement === 'unsupported') return PUSH_TEXTS.unsupported;
  return null;
}

/** Whether the app runs as an installed app (its own window) rather than in a browser tab. */
export function isStandalone(win: typeof window = window): boolean {
  const media = typeof win.matchMedia === 'function' ? win.matchMedia : null;
  if (media?.('(display-mode: standalone)').matches) return true;
  // iOS Safari marks a home-screen app this way instead.
  return (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
}
