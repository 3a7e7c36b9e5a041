/**
 * A ratio that lies on a half thousandth can come out of the division a hair below it (201 ÷ 400 ×
 * 1000 = 502.4999…). A ratio of points to heats that is not on a half lies at least 1 ÷ (2 ×
 * heats) thousandths from one, far more than this.
 */
const HALF_NOISE = 1e-6;

/**
 * An average as Svemo prints it ("Löp. snitt"): three decimals and a decimal comma, 171 ÷ 86 =
 * "1,988". Rounded to the nearest thousandth, not cut off: the real 2012 pages say so (196 ÷ 85 =
 * 2.30588… is "2,306"; formula.test.ts checks every row). None of their ratios lies on a half; a
 * half is rounded up, as .NET's number formatting (which TA runs on) does.
 */
export function formatAverage(value: number): string {
  const thousandths = Math.round(value * 1000 + HALF_NOISE);
  const whole = Math.floor(thousandths / 1000);
  return `${whole},${String(thousandths - whole * 1000).padStart(3, '0')}`;
}
