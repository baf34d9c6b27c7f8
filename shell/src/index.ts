// Async boundary: shared singletons (react, jotai, @studio/session, …) are negotiated by the
// Module Federation runtime before any app code runs.
void import('./bootstrap');
