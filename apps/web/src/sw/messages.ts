/** What the app posts to the waiting worker when the user chose 'Ladda om'. */
export const SKIP_WAITING = 'SKIP_WAITING';
