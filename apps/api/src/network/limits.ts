/** Bounds that keep every network read cheap on a network of a million members. */

/** Usernames starting with a search text looked at, at most, per search. */
export const SEARCH_CANDIDATES = 2_000;
/** Downlines up to this size are searched by scanning them; larger ones from the username index. */
export const SEARCH_SCAN_LIMIT = 5_000;
/** Filtered totals are counted up to this many rows. */
export const COUNT_LIMIT = 10_000;
/** Sponsor-tree search suggestions per answer. */
export const MATCHES = 20;
