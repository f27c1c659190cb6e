import { ContentPage } from '../ContentPage';
import { content } from './content';

export function HomePage() {
  return <ContentPage content={content} />;
}
