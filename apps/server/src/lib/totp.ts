import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

const ISSUER = 'Speedway Elitserien';
// 30-second steps; one step either side accepted for clock drift.
const TOLERANCE_SECONDS = 30;

export const newTotpSecret = (): string => generateSecret();

export async function totpSetup(secret: string, email: string) {
  const otpauthUrl = generateURI({ issuer: ISSUER, label: email, secret });
  const qrcodeDataUrl = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 });
  return { secret, otpauth_url: otpauthUrl, qrcodeDataUrl };
}

/**
 * Checks a code and returns its time step, or null. Steps at or before `lastStep` are refused,
 * so a code that was used once can never be used again.
 */
export async function checkTotp(
  secret: string,
  code: string,
  lastStep: number | null,
): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOLERANCE_SECONDS,
      ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}
