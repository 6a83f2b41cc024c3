package dev.sweepgate.config;

/** A named, versioned piece of the serving stack (router, kv-offload backend); version may be null. */
public record Component(String name, String version) {
}
