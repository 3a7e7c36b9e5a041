// What other parts of the app take from live sharing: the 'Dela live' button (its dialog loads on
// first use). The public page (components/live-view.tsx) is imported by its route directly.
export { LiveShareButton, type LiveShareButtonProps } from './components/live-share-button';
