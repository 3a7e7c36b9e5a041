import { describe, expect, it } from 'vitest';
import { allowedHostEntry } from '../../lib/host-port';
import { endpointProblem, ENDPOINT_NOT_ALLOWED } from './endpoint-policy';
import { outcomeOf, PushRetryableError } from './push-sender';

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

  it('PUSH_ALLOWED_HOSTS adds host-and-port pairs, http too, on that port only', () => {
    const allowed = ['127.0.0.1:4123', 'push.intern.example:8443', '[::1]:9000', 'intern:80'];
    expect(endpointProblem('http://127.0.0.1:4123/push/a', allowed)).toBeNull();
    expect(endpointProblem('https://push.intern.example:8443/a', allowed)).toBeNull();
    expect(endpointProblem('https://PUSH.intern.example:8443/a', allowed)).toBeNull();
    expect(endpointProblem('http://[::1]:9000/a', allowed)).toBeNull();
    expect(endpointProblem('http://intern/a', allowed)).toBeNull();
    for (const url of [
      'http://127.0.0.1:4124/push/a',
      'http://127.0.0.1/push/a',
      'https://push.intern.example/a',
      'http://[::1]:9001/a',
      'https://intern/a',
      'http://127.0.0.2:4123/a',
      'http://sub.push.intern.example:8443/a',
      'ftp://127.0.0.1:4123/a',
    ]) {
      expect(endpointProblem(url, allowed), url).not.toBeNull();
    }
  });
});

describe('allowedHostEntry', () => {
  it('reads host:port entries as URLs spell them, and refuses entries without a port', () => {
    expect(allowedHostEntry(' Push.Intern.Example:8443 ')).toBe('push.intern.example:8443');
    expect(allowedHostEntry('[0:0::1]:9000')).toBe('[::1]:9000');
    expect(allowedHostEntry('10.0.0.5:443')).toBe('10.0.0.5:443');
    for (const entry of [
      '127.0.0.1',
      'push.intern.example',
      '::1:9000',
      'host:0',
      'host:70000',
      'a b:1',
    ]) {
      expect(allowedHostEntry(entry), entry).toBeNull();
    }
  });
});

describe('outcomeOf', () => {
  it('ends a subscription on 404/410 only from the browsers’ push services', () => {
    const fcm = 'https://fcm.googleapis.com/fcm/send/abc';
    const listed = 'http://127.0.0.1:4123/push/a';
    expect(outcomeOf(201, listed)).toEqual({ result: 'sent', status: 201 });
    for (const status of [404, 410]) {
      expect(outcomeOf(status, fcm)).toEqual({ result: 'gone', status });
      expect(outcomeOf(status, listed)).toEqual({ result: 'rejected', status });
    }
    expect(() => outcomeOf(503, listed)).toThrow(PushRetryableError);
    expect(outcomeOf(400, fcm)).toEqual({ result: 'rejected', status: 400 });
  });
});
