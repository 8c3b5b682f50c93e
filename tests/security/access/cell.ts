// A leaf module: the expectations and the observers both use it.
/**
 * allow: the role reaches rows (objects, events) that are not its own;
 * own: only its own (its user id or its company's id is in the row);
 * deny: nothing (an error, or no row).
 */
export type Cell = 'allow' | 'own' | 'deny';
