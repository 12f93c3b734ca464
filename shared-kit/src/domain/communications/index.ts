export * from './notifications';
export * from './chats';
export * from './campaigns';
export * from './webinars';
