import { ConsumerLanding } from '@web/features/landing/components/consumer-landing';

export default function LandingRoute() {
  return <ConsumerLanding />;
}
