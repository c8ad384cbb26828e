/**
 * Placeholder for a screen whose issue is still open (swap, pay, fees, activity). It says what
 * the screen will do, so that the navigation is honest about what exists.
 */
import { ScreenHeading } from './ScreenHeading';

export const COMING: Record<
  'swap' | 'pay' | 'fees' | 'activity',
  { title: string; about: string }
> = {
  swap: {
    title: 'Swap',
    about: 'Quote, review what a transaction really does, then sign and send a token swap.',
  },
  pay: {
    title: 'Pay',
    about: 'Pay an exact amount in the token the payee wants, from the token you hold.',
  },
  fees: {
    title: 'Fees',
    about: 'Integrator fee accounts: set them up, check them and claim what they earned.',
  },
  activity: {
    title: 'Activity',
    about: 'Every transaction you submitted, with its status and amounts.',
  },
};

export function ComingScreen({ which }: { which: keyof typeof COMING }) {
  const { title, about } = COMING[which];
  return (
    <>
      <ScreenHeading>{title}</ScreenHeading>
      <section className="card notice">
        <p className="lead">{about}</p>
        <p>Coming in a later release.</p>
      </section>
    </>
  );
}
