import { UAParser } from 'ua-parser-js';

export type DeviceInfo = {
  device: string;
  browser: string;
  browserNice: string;
  os: string;
  osNice: string;
};

const DEVICE_TYPES: Record<string, string> = {
  mobile: 'Mobil',
  tablet: 'Surfplatta',
  smarttv: 'TV',
  console: 'Spelkonsol',
  wearable: 'Klocka',
  embedded: 'Enhet',
};

/** Device, browser and OS of a session as people read them ("Chrome 131", "Android 15"). */
export function describeUserAgent(userAgent: string): DeviceInfo {
  const ua = UAParser(userAgent);
  const browser = ua.browser.name ?? 'Okänd webbläsare';
  const os = ua.os.name ?? 'Okänt system';
  const major = ua.browser.major;
  const model = [ua.device.vendor, ua.device.model].filter(Boolean).join(' ');
  const kind = ua.device.type ? (DEVICE_TYPES[ua.device.type] ?? 'Enhet') : 'Dator';
  return {
    device: model ? `${kind} (${model})` : kind,
    browser,
    browserNice: major ? `${browser} ${major}` : browser,
    os,
    osNice: ua.os.version ? `${os} ${ua.os.version}` : os,
  };
}

/** The label the 2FA step shows for the device that is signing in. */
export function deviceLabel(userAgent: string): string | undefined {
  if (!userAgent) return undefined;
  const info = describeUserAgent(userAgent);
  if (info.browser === 'Okänd webbläsare') return undefined;
  return `${info.browserNice} på ${info.osNice}`;
}
