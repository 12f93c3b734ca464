import * as React from 'react';
import { useParams } from 'react-router-dom';
import { PostPage } from '../../components/PostPage';

/** news/:newsId — one news item (PostPage). */
export default function NewsPage() {
  const { newsId = '' } = useParams();
  return <PostPage kind="news" id={newsId} />;
}
