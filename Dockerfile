# Nomos container image: build with the Rust toolchain, run on slim Debian
# as an unprivileged user. Docker cannot build on the development machines,
# so keep this right by reading it.
#
#   docker build -t nomos .
#   docker run -d --name nomos \
#     -v nomos-data:/var/lib/nomos \
#     -v /etc/nomos/nomos.toml:/etc/nomos/nomos.toml:ro \
#     -v /etc/nomos/ssh:/var/lib/nomos/ssh:ro \
#     -e NOMOS_MATRIX_PASSWORD -e NOMOS_LLM_API_KEY \
#     nomos
#
# In the mounted config: data_dir = "/var/lib/nomos", and inventory paths
# under /usr/share/nomos/seeds (shipped) or a mounted folder of your own.

FROM rust:1.95-bookworm AS build
WORKDIR /src
# Dependencies first, so source edits do not rebuild them.
COPY Cargo.toml Cargo.lock ./
COPY crates/classify/Cargo.toml crates/classify/Cargo.toml
COPY crates/confine/Cargo.toml crates/confine/Cargo.toml
RUN mkdir -p src tests/it crates/classify/src crates/confine/src \
 && touch crates/classify/src/lib.rs \
 && echo 'fn main() {}' > crates/confine/src/main.rs \
 && echo '#![recursion_limit = "256"]' > src/lib.rs \
 && echo 'fn main() {}' > src/main.rs \
 && touch tests/it/main.rs \
 && cargo build --release --locked --bin nomos \
 && rm -rf src tests crates/classify/src crates/confine/src
COPY crates crates
COPY build.rs build.rs
COPY src src
COPY migrations migrations
COPY tests tests
# Make sure cargo sees the real sources as newer than the placeholders.
# The confinement helper is shipped to hosts and containers as it is:
# linked statically, so it runs on any Linux of this machine type.
RUN touch src/lib.rs src/main.rs crates/classify/src/lib.rs crates/confine/src/main.rs \
 && cargo build --release --locked --bin nomos \
 && RUSTFLAGS="-C target-feature=+crt-static" cargo build --release --locked \
      -p nomos-confine --target "$(rustc -vV | sed -n 's/^host: //p')" \
 && cp target/*/release/nomos-confine target/release/nomos-confine

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates tini \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system nomos \
 && useradd --system --gid nomos --home-dir /var/lib/nomos --shell /usr/sbin/nologin nomos \
 && mkdir -p /etc/nomos \
 && install -d -m 0700 -o nomos -g nomos /var/lib/nomos
COPY --from=build /src/target/release/nomos /usr/local/bin/nomos
COPY --from=build /src/target/release/nomos-confine /usr/local/bin/nomos-confine
COPY seeds /usr/share/nomos/seeds
COPY config/nomos.example.toml /usr/share/nomos/nomos.example.toml
COPY SOUL.md /usr/share/nomos/SOUL.md
USER nomos
WORKDIR /var/lib/nomos
VOLUME ["/var/lib/nomos"]
ENV NOMOS_CONFIG=/etc/nomos/nomos.toml
ENTRYPOINT ["/usr/bin/tini", "--", "nomos"]
CMD ["run"]
