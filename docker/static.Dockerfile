# One static app (the shell or a remote), built in a node stage and served by nginx.
#   docker build -f docker/static.Dockerfile --build-arg APP=remote-learning .
FROM node:20-slim AS build
ARG APP=shell
WORKDIR /repo
RUN npm i -g pnpm@10.34.8
COPY . .
RUN pnpm install --frozen-lockfile --filter "@oyster/${APP}..." \
 && pnpm --filter "@oyster/${APP}" build

FROM nginx:1.27-alpine
ARG APP=shell
COPY docker/static.nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /repo/${APP}/dist /usr/share/nginx/html
EXPOSE 80
