import { ContentPage } from '../ContentPage';
import { content } from './content';

export function PortfolioMonitoringPage() {
  return <ContentPage content={content} />;
}
