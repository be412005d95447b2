package main

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// CreateOrUpdateReconciler is the kubebuilder-tutorial style: for each child, controllerutil.CreateOrUpdate
// reads it (from the cache), runs a mutate function that sets the fields the operator cares about plus the
// controller reference, and sends an Update when the object changed; then the status is updated.
//
// Written as most users write it, with the costs that come with it (controllerutil's own doc warns of the
// first): the mutate functions set whole lists (containers, ports), dropping the fields the API server
// defaults (imagePullPolicy, terminationMessagePath, protocol…), so the Deployment and the Service differ
// after every mutate and are sent as Updates every reconcile (the server defaults them again and stores
// nothing); the Secret is set through StringData, which the server never returns, so it too is sent every
// time; and the status is updated unconditionally.
type CreateOrUpdateReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *CreateOrUpdateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var site Website
	if err := r.Get(ctx, req.NamespacedName, &site); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	ns := site.Namespace

	dep := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: deploymentName(&site), Namespace: ns}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		n := replicas(&site)
		dep.Labels = labels(&site)
		dep.Spec.Replicas = &n
		dep.Spec.Selector = &metav1.LabelSelector{MatchLabels: labels(&site)}
		dep.Spec.Template.Labels = labels(&site)
		dep.Spec.Template.Spec.Containers = []corev1.Container{{
			Name:  "web",
			Image: site.Spec.Image,
			Ports: []corev1.ContainerPort{{ContainerPort: 8080}},
		}}
		return controllerutil.SetControllerReference(&site, dep, r.Scheme)
	}); err != nil {
		return ctrl.Result{}, err
	}

	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: serviceName(&site), Namespace: ns}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, svc, func() error {
		svc.Labels = labels(&site)
		svc.Spec.Selector = labels(&site)
		svc.Spec.Ports = []corev1.ServicePort{{Name: "http", Port: 80, TargetPort: intstr.FromInt32(8080)}}
		return controllerutil.SetControllerReference(&site, svc, r.Scheme)
	}); err != nil {
		return ctrl.Result{}, err
	}

	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: configMapName(&site), Namespace: ns}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error {
		cm.Labels = labels(&site)
		cm.Data = map[string]string{"greeting": site.Spec.Greeting}
		return controllerutil.SetControllerReference(&site, cm, r.Scheme)
	}); err != nil {
		return ctrl.Result{}, err
	}

	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: secretName(&site), Namespace: ns}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, secret, func() error {
		secret.Labels = labels(&site)
		secret.StringData = map[string]string{"password": site.Spec.Password}
		return controllerutil.SetControllerReference(&site, secret, r.Scheme)
	}); err != nil {
		return ctrl.Result{}, err
	}

	readyStatus(&site)
	return ctrl.Result{}, r.Status().Update(ctx, &site)
}
