//! A connection that fails its writes when the client reads nothing for a while, so
//! that an answer nobody reads does not hold its memory and its connection forever.

use std::future::Future;
use std::io::{self, IoSlice};
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Sleep;

/// A stream whose writes (and flushes) fail with `TimedOut` once they have made no
/// progress for `timeout`: the client's receive window stayed shut that long. Reads
/// are not timed here (hyper times the reading of requests).
pub(crate) struct WriteTimeout<S> {
    inner: S,
    timeout: Duration,
    /// Running while a write waits; dropped whenever a write goes through.
    stalled: Option<Pin<Box<Sleep>>>,
}

impl<S> WriteTimeout<S> {
    /// `inner` with writes limited to `timeout` without progress.
    pub(crate) fn new(inner: S, timeout: Duration) -> Self {
        WriteTimeout {
            inner,
            timeout,
            stalled: None,
        }
    }

    /// The result of a write: progress resets the clock; waiting starts it, and fails
    /// once it has run out.
    fn watch<T>(&mut self, r: Poll<io::Result<T>>, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        match r {
            Poll::Ready(r) => {
                self.stalled = None;
                Poll::Ready(r)
            }
            Poll::Pending => {
                let timeout = self.timeout;
                let clock = self
                    .stalled
                    .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
                match clock.as_mut().poll(cx) {
                    Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        "the client read nothing of its answer for --write-timeout",
                    ))),
                    Poll::Pending => Poll::Pending,
                }
            }
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for WriteTimeout<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for WriteTimeout<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let r = Pin::new(&mut this.inner).poll_write(cx, buf);
        this.watch(r, cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let r = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        this.watch(r, cx)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let r = Pin::new(&mut this.inner).poll_flush(cx);
        this.watch(r, cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let r = Pin::new(&mut this.inner).poll_shutdown(cx);
        this.watch(r, cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncWriteExt;

    /// A pipe whose reader reads nothing: the writer fails after the timeout, not
    /// before, and a pipe that is read never fails.
    #[test]
    fn a_write_nobody_reads_fails_after_the_timeout() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        rt.block_on(async {
            let (a, _b) = tokio::io::duplex(1024);
            let mut w = WriteTimeout::new(a, Duration::from_millis(200));
            let t = std::time::Instant::now();
            let e = w.write_all(&[7u8; 1 << 16]).await.unwrap_err();
            assert_eq!(e.kind(), io::ErrorKind::TimedOut);
            assert!(
                t.elapsed() >= Duration::from_millis(200),
                "{:?}",
                t.elapsed()
            );

            // A slow reader that keeps reading: each wait is shorter than the
            // timeout, the whole write is longer, and it succeeds.
            let (a, mut b) = tokio::io::duplex(1024);
            let reader = tokio::spawn(async move {
                use tokio::io::AsyncReadExt;
                let mut got = 0;
                let mut buf = [0u8; 1024];
                loop {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    match b.read(&mut buf).await {
                        Ok(0) | Err(_) => return got,
                        Ok(k) => got += k,
                    }
                }
            });
            let mut w = WriteTimeout::new(a, Duration::from_millis(200));
            w.write_all(&[7u8; 16 << 10]).await.unwrap();
            drop(w);
            assert_eq!(reader.await.unwrap(), 16 << 10);
        });
    }
}
