import { ContentPage } from '../ContentPage';
import { content } from './content';

export function LeasingDecisionsPage() {
  return <ContentPage content={content} />;
}
