import KineticCore
import Testing

@Suite struct ClientAddressTests {
    private let proxies: Set<String> = ["127.0.0.1", "::1", "10.0.0.2"]

    @Test func aConnectionFromAnUntrustedAddress_isTheClient_whateverItForwards() {
        #expect(ClientAddress.resolve(peer: "203.0.113.9", forwardedFor: ["198.51.100.1"], trustedProxies: proxies) == "203.0.113.9")
        #expect(ClientAddress.resolve(peer: nil, forwardedFor: ["198.51.100.1"], trustedProxies: proxies) == nil)
    }

    @Test func behindTrustedProxies_theRightmostUntrustedHop_isTheClient() {
        #expect(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: ["198.51.100.7"], trustedProxies: proxies) == "198.51.100.7")
        // The client wrote 6.6.6.6 itself; nginx appended the address it saw.
        #expect(
            ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: ["6.6.6.6, 198.51.100.7"], trustedProxies: proxies) == "198.51.100.7")
        // A load balancer in front of nginx, each header line counted.
        #expect(
            ClientAddress.resolve(peer: "::1", forwardedFor: ["2001:db8::5", "10.0.0.2"], trustedProxies: proxies) == "2001:db8::5")
        #expect(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: [], trustedProxies: proxies) == "127.0.0.1")
        #expect(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: ["10.0.0.2"], trustedProxies: proxies) == "10.0.0.2")
    }

    @Test func aHopThatIsNoAddress_endsTheWalk() {
        #expect(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: ["198.51.100.7, unknown"], trustedProxies: proxies) == "127.0.0.1")
        #expect(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: ["nonsense, 10.0.0.2"], trustedProxies: proxies) == "10.0.0.2")
    }

    @Test func addresses_areToldFromNonsense() {
        for good in ["192.0.2.1", "0.0.0.0", "::1", "2001:db8::1", "::ffff:192.0.2.1"] { #expect(ClientAddress.isAddress(good), "\(good)") }
        for bad in ["", "256.1.1.1", "1.2.3", "1.2.3.4:80", "[::1]", "example.com", "1.2.3.-4", "١.٢.٣.٤"] {
            #expect(!ClientAddress.isAddress(bad), "\(bad)")
        }
    }
}

@Suite struct ClientNetworkTests {
    @Test func anIPv4Client_isItsOwnNetwork_andTheMachineItselfIsNone() {
        #expect(ClientAddress.network(of: "203.0.113.9") == "203.0.113.9")
        #expect(ClientAddress.network(of: "127.0.0.1") == nil)
        #expect(ClientAddress.network(of: "::1") == nil)
        #expect(ClientAddress.network(of: "not an address") == nil)
    }

    /// A phone may take any address of its /64: each is the same client.
    @Test func anIPv6Client_isItsSlash64() {
        #expect(ClientAddress.network(of: "2001:db8:1:2::5") == "2001:db8:1:2::/64")
        #expect(ClientAddress.network(of: "2001:db8:1:2:aaaa:bbbb:cccc:dddd") == "2001:db8:1:2::/64")
        #expect(ClientAddress.network(of: "2001:db8::1") == "2001:db8:0:0::/64")
        #expect(ClientAddress.network(of: "2001:db8:1:3::5") != ClientAddress.network(of: "2001:db8:1:2::5"))
        #expect(ClientAddress.network(of: "::ffff:198.51.100.4") == "198.51.100.4")
        #expect(ClientAddress.network(of: "1:2:3:4:5:6:7:8:9") == nil)
        #expect(ClientAddress.network(of: "1::2::3") == nil)
    }

    /// Limits count a client by its network, and the machine itself as one client.
    @Test func aLimitsKey_isTheNetwork_orTheLoopbackAddress() {
        #expect(ClientAddress.limitKey(of: "2001:db8:1:2::5") == ClientAddress.limitKey(of: "2001:db8:1:2:ffff::1"))
        #expect(ClientAddress.limitKey(of: "198.51.100.4") == "198.51.100.4")
        #expect(ClientAddress.limitKey(of: "127.0.0.1") == "127.0.0.1")
        #expect(ClientAddress.limitKey(of: "::1") == "::1")
    }
}
