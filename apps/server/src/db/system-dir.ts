/**
 * Where a server running as root keeps what the `postgres` system user must reach when the
 * project's own folders are closed to it (a clone under /root, a mode-700 DATA_DIR): a copy of
 * the PostgreSQL binaries and the clusters of such DATA_DIRs. See docs/decisions/004.
 */
export const SYSTEM_DIR = '/var/lib/speedway-elitserien';
