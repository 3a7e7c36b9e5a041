import { describe, expect, it } from 'vitest';
import { endpointProblem, ENDPOINT_NOT_ALLOWED } from './endpoint-policy';

describe('endpointProblem', () => {
  it('accepts https on the browsers’ push services, on the default port only', () => {
    for (const url of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://FCM.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://db5p.notify.windows.com/w/?token=x',
      'https://web.push.apple.com/QGa',
      'https://api.push.apple.com/3/device/x',
      'https://fcm.googleapis.com:443/fcm/send/abc',
    ]) {
      expect(endpointProblem(url, []), url).toBeNull();
    }
  });

  it('refuses everything else: other hosts, http, ports, credentials, look-alikes', () => {
    for (const url of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/x',
      'https://googleapis.com/x',
      'https://fcm.googleapis.com.attacker.example/x',
      'https://notify.windows.com.attacker.example/x',
      'https://pushservicesmozilla.com/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://10.0.0.5/x',
      'https://metadata.google.internal/x',
      'https://user:secret@fcm.googleapis.com/x',
      'ftp://fcm.googleapis.com/x',
    ]) {
      expect(endpointProblem(url, []), url).not.toBeNull();
    }
    expect(endpointProblem('https://10.0.0.5/x', [])).toBe(ENDPOINT_NOT_ALLOWED);
    expect(endpointProblem('inte en url', [])).toBe('endpoint är ingen giltig adress.');
  });

  it('PUSH_ALLOWED_HOSTS adds hosts and IPs, on any port, http too', () => {
    const allowed = ['127.0.0.1', 'push.intern.example', '::1'];
    expect(endpointProblem('http://127.0.0.1:4123/push/a', allowed)).toBeNull();
    expect(endpointProblem('https://push.intern.example:8443/a', allowed)).toBeNull();
    expect(endpointProblem('http://[::1]:9000/a', allowed)).toBeNull();
    expect(endpointProblem('http://127.0.0.2/a', allowed)).not.toBeNull();
    expect(endpointProblem('http://sub.push.intern.example/a', allowed)).not.toBeNull();
    expect(endpointProblem('ftp://127.0.0.1/a', allowed)).not.toBeNull();
  });
});
